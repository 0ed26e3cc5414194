import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Store } from '../../../store/types';
import { mongoSkipReason, mongoTestUri } from '../../../test/mongo-test-uri';
import { sharedMongoDb } from '../../../test/shared-mongo-db';
import type { IfcService } from '../ifc.service';
import { createDemoProjects, DEMO_PROJECT_ID } from './demo-projects';
import { seedDemoProject } from './seed-demo';

/** Issue 16: every API instance seeds the demo at start; on one fresh MongoDB database it is built once. */
const title = 'demo project seeded by two instances starting at once on one MongoDB';
const describeMongo = mongoTestUri ? describe : describe.skip;
if (!mongoTestUri) console.warn(`[mongodb] ${title}: skipped — ${mongoSkipReason}`);

/**
 * Stands in for the IFC service (no extraction worker under jest): starting creates the project, as the real
 * service does, and the job "runs" for a moment before the version is published.
 */
function fakeIfc(store: Store, started: () => void) {
  const ifc = {
    startProject: async (input: { projectId: string; fileName: string; fileSize: number; schema: string }) => {
      await store.projects.create({
        id: input.projectId,
        ownerId: null,
        isPublic: true,
        name: 'AEC Demo Office',
        fileName: input.fileName,
        fileSize: input.fileSize,
        schema: input.schema,
      });
      started();
      return { job: { id: `job_${input.projectId}` } };
    },
    waitForJob: async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const version = await store.projects.nextVersion(DEMO_PROJECT_ID);
      await store.projects.publish(DEMO_PROJECT_ID, version, {
        schema: 'IFC4',
        elementCount: 1,
        propertyCount: 0,
        spatialCount: 0,
        countsByType: { IfcWall: 1 },
        countsByStorey: {},
      });
      return { job: { status: 'ready' }, project: await store.projects.findById(DEMO_PROJECT_ID) };
    },
  };
  return ifc as unknown as IfcService;
}

describeMongo(mongoTestUri ? title : `${title} — skipped: ${mongoSkipReason}`, () => {
  const db = sharedMongoDb('aec_demo_once');
  let dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await db.dispose();
  });

  it('builds one demo project: the second instance finds it ready instead of removing it mid-build', async () => {
    const [a, b] = await Promise.all([db.open(), db.open()]);
    dirs = [a, b].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'aec-demo-instance-')));
    let starts = 0;
    let firstStarted: () => void = () => undefined;
    const firstStart = new Promise<void>((resolve) => (firstStarted = resolve));
    const demoOf = (store: Store, dir: string) =>
      createDemoProjects({
        store,
        ifc: fakeIfc(store, () => {
          starts++;
          firstStarted();
        }),
        modelDir: path.join(dir, 'models'),
      });
    const warnings: unknown[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });

    const seedA = seedDemoProject(demoOf(a, dirs[0]!), logger);
    // The second instance starts while the first one's build is under way.
    await Promise.race([firstStart, seedA]);
    await Promise.all([seedA, seedDemoProject(demoOf(b, dirs[1]!), logger)]);

    expect(warnings).toEqual([]);
    expect(starts).toBe(1);
    const demo = await b.projects.findById(DEMO_PROJECT_ID);
    expect(demo?.status).toBe('ready');
    expect(await a.mongoDb!.collection('locks').countDocuments({})).toBe(0);
  });
});
