import pino from 'pino';
import request from 'supertest';
import { describeEachStore } from '../../../test/store-fixtures';
import { elementRow, propertyRow } from '../../../test/row-fixtures';
import { buildTestApp, registerAndLogin } from '../../../test/test-app';
import type { JobRecord, Store } from '../../../store/types';
import type { ExtractionRun } from '../worker/run-extraction-worker';
import { AfterPublishWork } from './after-publish-work';
import { completePublishedPreparation } from './complete-preparation';
import { MAX_PREPARATION_ATTEMPTS } from './post-publish-state';

const logger = pino({ level: 'silent' });

/** A run without a writer thread (as on MongoDB): the post-publish step runs on the API thread. */
const localRun = (): ExtractionRun => ({
  done: Promise.resolve({
    summary: {} as never,
    stored: { elements: 0, properties: 0, spatial: 0 },
  }),
  startAfterwards: () => undefined,
  stopAfterwards: () => undefined,
  pause: () => undefined,
  resume: () => undefined,
});

/** The store, with the project's wide-set build failing the first `failures` times (Infinity: always). */
function failingBuilds(store: Store, projectId: string, failures: number): Store & { builds: () => number } {
  let builds = 0;
  const rows = Object.create(store.rows) as Store['rows'];
  rows.buildWideElements = async (...args) => {
    if (args[0] !== projectId) return store.rows.buildWideElements(...args);
    builds++;
    if (builds <= failures) throw new Error(`planner failed on attempt ${builds}\nstack line`);
    return store.rows.buildWideElements(...args);
  };
  return Object.assign(Object.create(store) as Store, { rows, builds: () => builds });
}

describeEachStore(
  'post-publish step: failures are recorded, retried a bounded number of times, shown',
  (target) => {
    let store: Store;
    let owner: { token: string; user: { id: string } };
    let app: ReturnType<typeof buildTestApp>;
    beforeAll(async () => {
      store = await target.open();
      app = buildTestApp(store);
      owner = await registerAndLogin(app, 'postpub');
    });
    afterAll(() => target.dispose(store));

    let seq = 0;
    /** A published project whose wide set was never built, and the job that published it. */
    async function published(): Promise<JobRecord> {
      const id = `proj_postpub_${++seq}_${Date.now()}`;
      await store.projects.create({
        id,
        ownerId: owner.user.id,
        isPublic: false,
        name: `Ünïcode ${seq}`,
        fileName: 'm.ifc',
        fileSize: 1,
        schema: 'IFC4',
      });
      const version = await store.projects.nextVersion(id);
      await store.rows.insertBatch(id, version, {
        elements: [elementRow(1)],
        properties: [propertyRow(1, { SetName: null, PropertyName: 'Zone', Value: 'A' })],
      });
      await store.projects.publish(id, version, {
        schema: 'IFC4',
        elementCount: 1,
        propertyCount: 1,
        spatialCount: 0,
        countsByType: { IfcWall: 1 },
        countsByStorey: {},
      });
      return { id: `job_${id}`, projectId: id, version } as JobRecord;
    }

    const project = async (id: string) =>
      (
        await request(app)
          .get(`/api/ifc/projects/${id}`)
          .set('Authorization', `Bearer ${owner.token}`)
          .expect(200)
      ).body;
    const wideSet = (id: string) =>
      request(app)
        .get(`/api/ifc/odata/projects/${id}/IFCElementsWide`)
        .set('Authorization', `Bearer ${owner.token}`);

    it('stores failed attempts per version with the last reason', async () => {
      const job = await published();
      expect(await store.rows.preparationFailure(job.projectId, job.version)).toBeNull();
      expect(await store.rows.recordPreparationFailure(job.projectId, job.version, 'one')).toBe(1);
      expect(await store.rows.recordPreparationFailure(job.projectId, job.version, 'two')).toBe(2);
      expect(await store.rows.preparationFailure(job.projectId, job.version)).toEqual({
        attempts: 2,
        error: 'two',
      });
      expect(await store.rows.recordPreparationFailure('proj_missing', 1, 'x')).toBe(0);
      await store.rows.deleteVersion(job.projectId, job.version);
      expect(await store.rows.preparationFailure(job.projectId, job.version)).toBeNull();
    });

    it('a build that keeps failing is tried a bounded number of times, then the project and the feed say why', async () => {
      const job = await published();
      expect((await project(job.projectId)).wideSet).toEqual({
        status: 'preparing',
        attempts: 0,
        error: null,
      });
      expect((await wideSet(job.projectId)).status).toBe(503);

      const failing = failingBuilds(store, job.projectId, Infinity);
      const work = new AfterPublishWork(failing, logger, 1);
      work.start(job, localRun());
      for (let i = 0; i < 200; i++) {
        const state = (await project(job.projectId)).wideSet;
        if (state.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await work.stop();
      expect(failing.builds()).toBe(MAX_PREPARATION_ATTEMPTS);
      expect((await project(job.projectId)).wideSet).toEqual({
        status: 'failed',
        attempts: MAX_PREPARATION_ATTEMPTS,
        error: `planner failed on attempt ${MAX_PREPARATION_ATTEMPTS}`,
      });
      const list = await request(app).get('/api/ifc/projects').set('Authorization', `Bearer ${owner.token}`);
      expect(
        list.body.projects.find((p: { projectId: string }) => p.projectId === job.projectId).wideSet.status,
      ).toBe('failed');
      const res = await wideSet(job.projectId).expect(500);
      expect(res.body.error.code).toBe('WideSetFailed');
      expect(res.body.error.message).toContain(`planner failed on attempt ${MAX_PREPARATION_ATTEMPTS}`);
      // The other sets still serve the model.
      await request(app)
        .get(`/api/ifc/odata/projects/${job.projectId}/IFCElements`)
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(200);
      // A restart does not try a used-up version again.
      await completePublishedPreparation(failing, logger).done;
      expect(failing.builds()).toBe(MAX_PREPARATION_ATTEMPTS);
    });

    it('a build that fails once is retried and the wide set appears', async () => {
      const job = await published();
      const failing = failingBuilds(store, job.projectId, 1);
      const work = new AfterPublishWork(failing, logger, 1);
      work.start(job, localRun());
      for (let i = 0; i < 200 && !(await store.rows.wideCatalog(job.projectId, job.version)); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await work.stop();
      expect(failing.builds()).toBe(2);
      expect((await project(job.projectId)).wideSet).toEqual({ status: 'ready', attempts: 0, error: null });
      const res = await wideSet(job.projectId).expect(200);
      expect(res.body.value[0].UnnamedSet_Zone).toBe('A');
    });

    it('the start-up pass counts its failures as attempts', async () => {
      const job = await published();
      const failing = failingBuilds(store, job.projectId, Infinity);
      for (let run = 1; run <= MAX_PREPARATION_ATTEMPTS + 1; run++) {
        await completePublishedPreparation(failing, logger).done;
      }
      expect(failing.builds()).toBe(MAX_PREPARATION_ATTEMPTS);
      expect((await project(job.projectId)).wideSet.status).toBe('failed');
    });
  },
);
