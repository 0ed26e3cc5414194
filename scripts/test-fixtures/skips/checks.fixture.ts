import { describeSkipped, itUnless } from '../../../tools/test-support/skip-with-reason';

// One check of each kind the summary must tell apart.
describe('a check that runs', () => {
  it('passes', () => expect(1 + 1).toBe(2));
});

describeSkipped('MongoDB store contract', 'no MongoDB-compatible server: set TEST_MONGODB_URI');

describe('limits', () => {
  itUnless('cannot mount a tmpfs here (not root)')('disk full answers 507', async () => undefined);
  itUnless(null)('queue overflow answers 503', async () => expect(true).toBe(true));
});

// Skipped without the helper: still listed, as having no reason.
it.skip('a bare skip', () => undefined);
