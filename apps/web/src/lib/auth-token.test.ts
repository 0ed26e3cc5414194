import { reportUnauthorized, setAuthToken, setSessionRejectedHandler } from './auth-token';

describe('reportUnauthorized', () => {
  let rejected = 0;
  beforeEach(() => {
    rejected = 0;
    setAuthToken('current');
    setSessionRejectedHandler(() => (rejected += 1));
  });
  afterAll(() => {
    setSessionRejectedHandler(null);
    setAuthToken(null);
  });

  it('ends the session when the token still held is refused', () => {
    reportUnauthorized('Bearer current');
    expect(rejected).toBe(1);
  });

  it.each([['Bearer older'], [undefined], ['Basic dXNlcjpwdw==']])(
    'ignores a refusal of other credentials (%s)',
    (sent) => {
      reportUnauthorized(sent);
      expect(rejected).toBe(0);
    },
  );

  it('ignores a refusal once signed out', () => {
    setAuthToken(null);
    reportUnauthorized(undefined);
    expect(rejected).toBe(0);
  });
});
