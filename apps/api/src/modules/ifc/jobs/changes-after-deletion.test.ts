import pino from 'pino';
import type { ChangeSummary, Store, VersionRecord } from '../../../store/types';
import { pendingChangeSummary } from '../../../store/change-rules';
import { createChangesAfterDeletion } from './changes-after-deletion';

/** Version 1, and version 3 compared with it since version 2 was deleted (its summary pending against 1). */
const versions = [
  {
    projectId: 'p',
    modelId: 'p',
    version: 1,
    number: 1,
    status: 'ready',
    retained: true,
    changes: null,
    warnings: [],
  },
  {
    projectId: 'p',
    modelId: 'p',
    version: 3,
    number: 3,
    status: 'ready',
    retained: true,
    changes: pendingChangeSummary(1),
    warnings: [],
  },
] as unknown as VersionRecord[];

/**
 * A store whose change computation runs until it is cancelled (`blocking`) or fails (`failing`), recording the
 * summaries the step stores.
 */
function fakeStore(mode: 'blocking' | 'failing') {
  const stored: (ChangeSummary | null | undefined)[] = [];
  let computations = 0;
  let listed = 0;
  const store = {
    rows: {
      async computeChanges(
        _p: string,
        _v: number,
        _previous: number,
        options: { isCancelled: () => boolean },
      ) {
        computations++;
        if (mode === 'failing') throw new Error('disk I/O error');
        while (!options.isCancelled()) await new Promise((resolve) => setTimeout(resolve, 5));
        return null;
      },
    },
    models: {
      async listVersions() {
        listed++;
        return versions;
      },
      async updateVersion(_p: string, _v: number, patch: Partial<VersionRecord>) {
        stored.push(patch.changes);
        return true;
      },
    },
  } as unknown as Store;
  return { store, stored, computations: () => computations, listed: () => listed };
}

const logger = pino({ level: 'silent' });

describe('the change steps a deletion starts, at shutdown', () => {
  it('stop a running comparison between transactions and record nothing', async () => {
    const fake = fakeStore('blocking');
    const steps = createChangesAfterDeletion(fake.store, logger);
    await steps.start('p', 'p', 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.computations()).toBe(1);
    await steps.stop();
    // The summary stays pending against version 1: the start-up pass completes it.
    expect(fake.stored).toEqual([]);
  });

  it('cut a retry delay short instead of waiting it out, and try no more', async () => {
    const fake = fakeStore('failing');
    const steps = createChangesAfterDeletion(fake.store, logger, 60_000);
    await steps.start('p', 'p', 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await steps.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.computations()).toBe(1);
    // The first failure is recorded, the summary still pending.
    expect(fake.stored).toEqual([expect.objectContaining({ status: 'pending', error: 'disk I/O error' })]);
  });

  it('start none once stopped', async () => {
    const fake = fakeStore('blocking');
    const steps = createChangesAfterDeletion(fake.store, logger);
    await steps.stop();
    await steps.start('p', 'p', 2);
    expect(fake.listed()).toBe(0);
    expect(fake.computations()).toBe(0);
  });
});
