import pino from 'pino';
import type { ChangeSummary, JobRecord, Store, VersionRecord } from '../../../store/types';
import { completePublishedPreparation } from './complete-preparation';
import { pendingChanges } from './job-version';

const logger = pino({ level: 'silent' });

const version = (number: number, rowVersion: number, extra: Partial<VersionRecord> = {}): VersionRecord => ({
  projectId: 'proj_a',
  modelId: 'proj_a',
  version: rowVersion,
  number,
  fileName: 'm.ifc',
  fileSize: 1,
  uploaderId: null,
  status: 'ready',
  error: null,
  schema: 'IFC4',
  elementCount: 1,
  propertyCount: 0,
  spatialCount: 0,
  countsByType: {},
  countsByStorey: {},
  createdAt: '2026-11-24T10:00:00.000Z',
  processedAt: null,
  processingMs: null,
  retained: true,
  supersededAt: null,
  warnings: [],
  changes: null,
  ...extra,
});

const summary: ChangeSummary = {
  ...pendingChanges({ number: 1 }),
  status: 'ready',
  added: 1,
  commonElements: 4,
};

/** A store after a restart: version 2 (row version 5) was published but its change step never finished. */
function restartedStore(previousRetained: boolean) {
  const versions = [
    version(2, 5, { changes: pendingChanges({ number: 1 }) }),
    version(1, 2, { retained: previousRetained }),
  ];
  const updates: Partial<VersionRecord>[] = [];
  const compared: [number, number][] = [];
  const store = {
    rows: {
      publishedAwaitingPreparation: async () => [],
      async computeChanges(_p: string, v: number, previous: number) {
        compared.push([v, previous]);
        return summary;
      },
    },
    jobs: {
      listByStatus: async () =>
        [2, 5].map((v) => ({ id: `job_${v}`, projectId: 'proj_a', version: v }) as JobRecord),
    },
    models: {
      findVersionByRowVersion: async (_p: string, v: number) => versions.find((x) => x.version === v) ?? null,
      findVersion: async (_p: string, _m: string, n: number) => versions.find((x) => x.number === n) ?? null,
      async updateVersion(_p: string, _v: number, patch: Partial<VersionRecord>) {
        updates.push(patch);
      },
    },
  } as unknown as Store;
  return { store, updates, compared };
}

describe('start-up completion of pending change summaries', () => {
  it('compares a version a shutdown left pending with its previous version', async () => {
    const { store, updates, compared } = restartedStore(true);
    await completePublishedPreparation(store, logger).done;
    expect(compared).toEqual([[5, 2]]);
    expect(updates).toEqual([{ warnings: [], changes: { ...summary, previousVersionNumber: 1 } }]);
  });

  it('marks it failed with the reason when the previous version is no longer stored', async () => {
    const { store, updates, compared } = restartedStore(false);
    await completePublishedPreparation(store, logger).done;
    expect(compared).toEqual([]);
    expect(updates[0]!.changes).toMatchObject({
      status: 'failed',
      error: 'Version 1 is no longer stored, so there is nothing to compare with.',
    });
  });
});
