import pino from 'pino';
import type { ChangeSummary, Store, VersionRecord } from '../../../store/types';
import { PreviousVersionGoneError } from '../../../store/change-rules';
import { runChangeStep } from './change-step';
import { MemoryJobEvents } from './job-events';
import { MAX_PREPARATION_ATTEMPTS } from './post-publish-state';

const logger = pino({ level: 'silent' });

function versionRecord(number: number, version: number): VersionRecord {
  return {
    projectId: 'proj_a',
    modelId: 'proj_a',
    version,
    number,
    fileName: `v${number}.ifc`,
    fileSize: 1,
    uploaderId: null,
    status: 'ready',
    error: null,
    schema: 'IFC4',
    elementCount: 10,
    propertyCount: 0,
    spatialCount: 0,
    countsByType: {},
    countsByStorey: {},
    createdAt: '2026-11-24T10:00:00.000Z',
    processedAt: '2026-11-24T10:00:01.000Z',
    processingMs: 1000,
    retained: true,
    supersededAt: null,
    warnings: [],
    changes: null,
  };
}

const computed = (commonElements: number): ChangeSummary => ({
  status: 'ready',
  previousVersionNumber: 1,
  added: 2,
  removed: 1,
  modified: 3,
  propertyValuesChanged: 4,
  commonElements,
  byType: { IfcWall: { added: 2, removed: 1, modified: 3 } },
  byStorey: { 'Level 0': { added: 2, removed: 1, modified: 3 } },
  error: null,
});

/**
 * A store whose change computation answers from `outcomes` in turn, recording every version update (and what each
 * expected of the stored summary); `applies` says whether an update finds the summary as it expects.
 */
function fakeStore(outcomes: (ChangeSummary | null | Error)[], applies = true) {
  const updates: Partial<VersionRecord>[] = [];
  const expects: unknown[] = [];
  const calls: [number, number][] = [];
  const store = {
    rows: {
      async computeChanges(_projectId: string, version: number, previous: number) {
        calls.push([version, previous]);
        const next = outcomes.shift();
        if (next instanceof Error) throw next;
        return next ?? null;
      },
    },
    models: {
      async updateVersion(_p: string, _v: number, patch: Partial<VersionRecord>, expect?: unknown) {
        updates.push(patch);
        expects.push(expect);
        return applies;
      },
    },
  } as unknown as Store;
  return { store, updates, expects, calls };
}

const control = { isStopped: () => false, pause: async () => undefined, retryDelayMs: 0 };
const target = { version: versionRecord(2, 7), previous: versionRecord(1, 3), jobId: 'job_1' };

describe('the change step after a publish', () => {
  it('compares with the previous retained row version and stores the summary as ready', async () => {
    const { store, updates, expects, calls } = fakeStore([computed(5)]);
    await runChangeStep(store, logger, null, target, control);
    expect(calls).toEqual([[7, 3]]);
    expect(updates).toEqual([{ warnings: [], changes: { ...computed(5), status: 'ready', error: null } }]);
    // Only while the summary is still against version 1 (a deletion of version 1 re-points it).
    expect(expects).toEqual([{ changesAgainst: 1 }]);
  });

  it('ends without retrying once the version compared with was deleted and the summary re-pointed', async () => {
    const { store, updates, expects, calls } = fakeStore(
      [new PreviousVersionGoneError(1), new PreviousVersionGoneError(1)],
      false,
    );
    const events = new MemoryJobEvents();
    await runChangeStep(store, logger, events, target, control);
    expect(calls).toHaveLength(1);
    expect(expects).toEqual([{ changesAgainst: 1 }]);
    expect(updates).toHaveLength(1);
    expect(await events.entriesAfter('job_1', 0)).toEqual([]);
  });

  it('records nothing, and logs no warning, when a summary computed meanwhile is no longer wanted', async () => {
    const { store, calls } = fakeStore([computed(0)], false);
    const events = new MemoryJobEvents();
    await runChangeStep(store, logger, events, target, control);
    expect(calls).toHaveLength(1);
    expect(await events.entriesAfter('job_1', 0)).toEqual([]);
  });

  it('fails at once, with the reason, when the version compared with was pruned meanwhile', async () => {
    const { store, updates, calls } = fakeStore([new PreviousVersionGoneError(1), computed(5)]);
    await runChangeStep(store, logger, null, target, control);
    expect(calls).toHaveLength(1);
    expect(updates).toEqual([
      {
        changes: expect.objectContaining({
          status: 'failed',
          previousVersionNumber: 1,
          error: 'Version 1 is no longer stored, so there is nothing to compare with.',
        }),
      },
    ]);
  });

  it('warns in the job log and on the version when no element is in common', async () => {
    const { store, updates } = fakeStore([computed(0)]);
    const events = new MemoryJobEvents();
    await runChangeStep(store, logger, events, target, control);
    expect(updates[0]!.warnings).toEqual(['0 elements in common with version 1']);
    expect((await events.entriesAfter('job_1', 0)).map((e) => e.message)).toEqual([
      'Warning: 0 elements in common with version 1',
    ]);
  });

  it('records each failure with its reason and retries, then succeeds', async () => {
    const { store, updates, calls } = fakeStore([new Error('database is locked\nstack'), computed(5)]);
    await runChangeStep(store, logger, null, target, control);
    expect(calls).toHaveLength(2);
    expect(updates[0]!.changes).toMatchObject({ status: 'pending', error: 'database is locked' });
    expect(updates[1]!.changes).toMatchObject({ status: 'ready', error: null, added: 2 });
  });

  it('gives up as failed after the bounded attempts', async () => {
    const failures = Array.from({ length: MAX_PREPARATION_ATTEMPTS + 2 }, () => new Error('disk full'));
    const { store, updates, calls } = fakeStore(failures);
    await runChangeStep(store, logger, null, target, control);
    expect(calls).toHaveLength(MAX_PREPARATION_ATTEMPTS);
    expect(updates[updates.length - 1]!.changes).toMatchObject({
      status: 'failed',
      error: 'disk full',
      previousVersionNumber: 1,
    });
  });

  it('leaves the summary pending when cancelled by a shutdown, for the start-up pass', async () => {
    const { store, updates } = fakeStore([null]);
    await runChangeStep(store, logger, null, target, control);
    expect(updates).toEqual([]);
  });
});
