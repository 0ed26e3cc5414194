import fs from 'node:fs/promises';
import path from 'node:path';
import { sniffIfcFile, writeIfcModel } from '@aec/ifc';
import { AppError } from '../../../errors/app-error';
import { DuplicateError, type JobRecord, type ProjectRecord, type Store } from '../../../store/types';
import { withLock } from '../../../store/mongo/start-up-lock';
import type { IfcService } from '../ifc.service';

export const DEMO_PROJECT_ID = 'demo_project_permanent';

/** The demo building: small enough to process in about a second, rich enough to show every column. */
const DEMO_MODEL = { storeys: 4, bays: 6, name: 'AEC Demo Office', seed: 20241115 } as const;

export interface DemoProjects {
  /** The ready public demo project, building it from the generated model first if needed. Idempotent. */
  ensureDemo(): Promise<{ project: ProjectRecord; job: JobRecord | null }>;
  /** The user chose the demo (Create Demo Data): it joins their all-projects feed root. */
  addToRoot(userId: string): Promise<void>;
}

export function createDemoProjects({
  store,
  ifc,
  modelDir,
}: {
  store: Store;
  ifc: IfcService;
  modelDir: string;
}): DemoProjects {
  let inFlight: Promise<{ project: ProjectRecord; job: JobRecord | null }> | null = null;

  async function build(): Promise<{ project: ProjectRecord; job: JobRecord | null }> {
    const existing = await store.projects.findById(DEMO_PROJECT_ID);
    if (existing?.status === 'ready') return { project: existing, job: null };
    // A demo left failed or half-built (e.g. by a crash) is rebuilt from scratch.
    if (existing) await store.projects.delete(DEMO_PROJECT_ID);

    await fs.mkdir(modelDir, { recursive: true });
    // Generated beside where it is kept on one machine; the job files store it (moved, or streamed into GridFS).
    const temp = path.join(modelDir, `${DEMO_PROJECT_ID}.ifc.${process.pid}.tmp`);
    let started;
    try {
      await writeIfcModel(temp, DEMO_MODEL);
      const sniff = await sniffIfcFile(temp);
      if (!sniff.ok)
        throw new AppError(
          500,
          'DEMO_MODEL_INVALID',
          `The generated demo model is invalid: ${sniff.message}`,
        );
      const { size } = await fs.stat(temp);
      started = await ifc.startProject({
        projectId: DEMO_PROJECT_ID,
        ownerId: null,
        isPublic: true,
        fileName: 'aec-demo-office.ifc',
        tempPath: temp,
        fileSize: size,
        schema: sniff.schema,
      });
    } catch (err) {
      if (err instanceof DuplicateError) return waitForOtherBuilder();
      throw err;
    } finally {
      await fs.rm(temp, { force: true });
    }
    const { job, project } = await ifc.waitForJob(started.job.id);
    if (job.status !== 'ready' || !project) {
      throw new AppError(
        500,
        'DEMO_FAILED',
        `The demo project could not be built: ${job.error ?? job.status}`,
      );
    }
    return { project, job };
  }

  /** Another process (or instance) created the demo at the same moment: wait for it to become ready. */
  async function waitForOtherBuilder(): Promise<{ project: ProjectRecord; job: JobRecord | null }> {
    for (let i = 0; i < 600; i++) {
      const project = await store.projects.findById(DEMO_PROJECT_ID);
      if (project?.status === 'ready') return { project, job: null };
      if (!project || project.status === 'failed' || project.status === 'cancelled') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new AppError(503, 'DEMO_BUSY', 'The demo project is being rebuilt; please try again.');
  }

  return {
    addToRoot: (userId) => store.projects.addToRoot(DEMO_PROJECT_ID, userId),
    ensureDemo() {
      // Every API instance on one MongoDB seeds at start: under the lock one builds, the others then find it ready
      // (without it, one could find the other's demo still building and remove it as half-built).
      inFlight ??= (store.mongoDb ? withLock(store.mongoDb, 'demo-project', build) : build()).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
