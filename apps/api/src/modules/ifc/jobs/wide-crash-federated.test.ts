import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { modelStoreFixture } from '../../../test/model-store';
import { elementRow, propertyRow } from '../../../test/row-fixtures';
import { describeEachStore } from '../../../test/store-fixtures';
import type { JobRecord, Store } from '../../../store/types';
import type { ExtractionRun } from '../worker/run-extraction-worker';
import { AfterPublishWork } from './after-publish-work';
import { MAX_PREPARATION_ATTEMPTS } from './post-publish-state';

const logger = pino({ level: 'silent' });

/** A run whose writer thread ended without building the wide set and without a reason (a crash). */
const crashedRun = (): ExtractionRun => ({
  done: Promise.resolve({ summary: {} as never, stored: { elements: 0, properties: 0, spatial: 0 } }),
  afterwards: Promise.resolve(null),
  startAfterwards: () => undefined,
  stopAfterwards: () => undefined,
  pause: () => undefined,
  resume: () => undefined,
});

/** The store, with every wide-set build ending as a crash does: no catalog, no error. */
function crashingBuilds(store: Store): Store {
  const rows = Object.create(store.rows) as Store['rows'];
  rows.buildWideElements = async () => null;
  return Object.assign(Object.create(store) as Store, { rows });
}

const rows = (n: number) => ({
  elements: Array.from({ length: n }, (_, i) => elementRow(i + 1, { GlobalId: `g-${n}-${i}` })),
  properties: [propertyRow(1, { SetName: null, PropertyName: 'Zone', Value: 'Ä' })],
});

// A wide-set build that ends without a catalog is obsolete only when its version is no longer its own model's
// published one; in a federated project another model's later publish does not make it so.
describeEachStore('post-publish work: a crashed wide-set build in a federated project', (target) => {
  if (target.name === 'mongodb') jest.setTimeout(180_000);
  const f = modelStoreFixture(target.open, target.dispose);

  it('is recorded as a failure after another model published a newer version', async () => {
    const { project } = await f.newProject('Campus Ω');
    const mep = await f.store.models.create({
      id: `mep_${randomUUID()}`,
      projectId: project.id,
      name: 'MEP',
    });
    const architecture = await f.upload(project.id, rows(2));
    await f.upload(project.id, rows(3), { modelId: mep.id });
    const job = {
      id: `job_${project.id}`,
      projectId: project.id,
      version: architecture.version,
    } as JobRecord;

    const work = new AfterPublishWork(crashingBuilds(f.store), logger, 1);
    work.start(job, crashedRun());
    await work.settled();
    expect(await f.store.rows.preparationFailure(project.id, architecture.version)).toEqual({
      attempts: MAX_PREPARATION_ATTEMPTS,
      error: 'the post-publish step ended without building the wide element set',
    });
  });

  it('is not a failure once a newer version of its own model is published', async () => {
    const { project } = await f.newProject('Campus Ω');
    const first = await f.upload(project.id, rows(2));
    await f.upload(project.id, rows(4));
    const job = { id: `job_${project.id}`, projectId: project.id, version: first.version } as JobRecord;

    const work = new AfterPublishWork(crashingBuilds(f.store), logger, 1);
    work.start(job, crashedRun());
    await work.settled();
    expect(await f.store.rows.preparationFailure(project.id, first.version)).toBeNull();
  });
});
