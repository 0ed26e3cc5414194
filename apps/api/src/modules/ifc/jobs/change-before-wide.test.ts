import pino from 'pino';
import { changesFixture, version1, version2 } from '../../../test/change-fixtures';
import { describeEachStore } from '../../../test/store-fixtures';
import { withWideElements } from '../../../store/feed-model';
import type { JobRecord, Store, VersionRecord } from '../../../store/types';
import type { ExtractionRun } from '../worker/run-extraction-worker';
import { AfterPublishWork } from './after-publish-work';
import { pendingChanges } from './job-version';

const logger = pino({ level: 'silent' });

/** A run without a writer thread (as on MongoDB): the wide set is built on the API thread. */
const localRun = (): ExtractionRun => ({
  done: Promise.resolve({ summary: {} as never, stored: { elements: 0, properties: 0, spatial: 0 } }),
  startAfterwards: () => undefined,
  stopAfterwards: () => undefined,
  pause: () => undefined,
  resume: () => undefined,
});

/** The store, logging when each change computation ends and each wide build starts; the first `failures` fail. */
function watched(store: Store, failures: number) {
  const steps: string[] = [];
  const rows = Object.create(store.rows) as Store['rows'];
  rows.computeChanges = async (...args) => {
    if (steps.filter((s) => s.startsWith('changes')).length < failures) {
      steps.push('changes failed');
      throw new Error('database is locked');
    }
    const summary = await store.rows.computeChanges(...args);
    steps.push('changes');
    return summary;
  };
  rows.buildWideElements = async (...args) => {
    steps.push('wide');
    return store.rows.buildWideElements(...args);
  };
  return { store: Object.assign(Object.create(store) as Store, { rows }), steps };
}

/** Waits (bounded, generously) until the version's change set and wide set are both done. */
async function settled(store: Store, v: VersionRecord): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    const record = await store.models.findVersionByRowVersion(v.projectId, v.version);
    if (record?.changes?.status === 'ready' && (await store.rows.wideCatalog(v.projectId, v.version))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the change step and the wide set did not both end');
}

// After a version's publish: the change step's first attempt, then the wide set, which so copies the carried-over
// ChangedAt; the wide set never waits for the change step's retries, whose run corrects the built set.
describeEachStore('post-publish work: the change step before the wide set', (target) => {
  if (target.name === 'mongodb') jest.setTimeout(180_000);
  const c = changesFixture(target);

  async function twoVersions() {
    const projectId = await c.newProject();
    const v1 = await c.upload(projectId, version1.elements, version1.properties);
    const v2 = await c.upload(projectId, version2.elements, version2.properties);
    // As the publish leaves it (version-publishing.ts): the step records its outcome against version 1 only.
    await c.store.models.updateVersion(projectId, v2.version, { changes: pendingChanges(v1) });
    const job = { id: `job_${projectId}`, projectId, version: v2.version } as JobRecord;
    return { projectId, v1, v2, job };
  }

  /** The wide set's ChangedAt per GlobalId: carried over for unchanged elements, version 2's for the others. */
  async function expectWideChangedAt(projectId: string, v1: VersionRecord, v2: VersionRecord) {
    const catalog = (await c.store.rows.wideCatalog(projectId, v2.version))!;
    const wide = await c.read(
      'IFCElementsWide',
      projectId,
      '$select=GlobalId,ChangedAt',
      withWideElements(c.store.feed.model, catalog),
    );
    // A store may hand the value over as a Date or as its text.
    const at = Object.fromEntries(
      wide.map((r) => [r.GlobalId, new Date(r.ChangedAt as string | Date).getTime()]),
    );
    expect(at['A-keep']).toBe(Date.parse(v1.createdAt));
    expect(at['B-columns']).toBe(Date.parse(v2.createdAt));
    expect(at['F-added']).toBe(Date.parse(v2.createdAt));
  }

  it('computes the changes first, then builds the wide set with the carried ChangedAt', async () => {
    const { projectId, v1, v2, job } = await twoVersions();
    const w = watched(c.store, 0);
    const work = new AfterPublishWork(w.store, logger, 1);
    work.start(job, localRun(), { version: v2, previous: v1, jobId: null });
    await settled(c.store, v2);
    await work.stop();
    expect(w.steps).toEqual(['changes', 'wide']);
    await expectWideChangedAt(projectId, v1, v2);
  });

  it('a failed first attempt does not hold the wide set back: built before the retry, which corrects it', async () => {
    const { projectId, v1, v2, job } = await twoVersions();
    const w = watched(c.store, 1);
    const work = new AfterPublishWork(w.store, logger, 1);
    work.start(job, localRun(), { version: v2, previous: v1, jobId: null });
    await settled(c.store, v2);
    await work.stop();
    expect(w.steps).toEqual(['changes failed', 'wide', 'changes']);
    await expectWideChangedAt(projectId, v1, v2);
  });
});
