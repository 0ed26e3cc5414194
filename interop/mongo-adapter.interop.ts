import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createAccount,
  projectSummary,
  startServer,
  upperCaseCounts,
  uploadIfc,
  type Account,
  type RunningServer,
} from './support/api-session';
import { readAllPages, readCount } from './support/feed-reader';
import { startFerretDb, stopFerretDb } from './support/ferretdb';
import { loadExpectedCounts, SAMPLES_DIR, samplesSkipReason } from './support/paths';
import { describeWithTool } from './support/tool-state';
import { describeSkipped } from '../tools/test-support/skip-with-reason';

// Three schema families and sizes: IFC2X3 (1188 products), IFC4, IFC4X3 release candidate (infrastructure).
const SAMPLES = [
  'osb_AC11-Institute-Var-2-IFC.ifc',
  'wifc_IfcOpenHouse_IFC4.ifc',
  'wifc_KIT-Simple-Road-Test-Web-IFC4x3_RC2.ifc',
];
const expected = loadExpectedCounts();

if (!expected) {
  describeSkipped('MongoDB adapter on FerretDB', samplesSkipReason);
} else {
  describeWithTool('ferretdb', 'MongoDB adapter on a wire-protocol server (FerretDB)', () => {
    let tmp: string;
    let env: Record<string, string>;
    let server: RunningServer | undefined;
    let account: Account;
    const projects = new Map<string, string>();
    const globalIdsBefore = new Map<string, string[]>();

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-interop-mongo-'));
      const uri = await startFerretDb(path.join(tmp, 'ferretdb'));
      env = {
        DATA_DIR: path.join(tmp, 'data'),
        MONGODB_URI: `${uri}aec_interop_${randomBytes(4).toString('hex')}`,
        // fixed so bearer tokens issued before the restart stay valid after it
        JWT_SECRET: randomBytes(32).toString('hex'),
      };
      server = await startServer(env);
      account = await createAccount(server.baseUrl, `mongo_${randomBytes(3).toString('hex')}`);
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      if (tmp) {
        await stopFerretDb(path.join(tmp, 'ferretdb'));
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });

    it.each(SAMPLES)('%s: uploaded, exact per-type counts and feed $count', async (file) => {
      const want = expected[file]!;
      const base = server!.baseUrl;
      const res = await uploadIfc(base, account, path.join(SAMPLES_DIR, file));
      expect(res.success).toBe(true);
      projects.set(file, res.projectId);
      const summary = await projectSummary(base, account, res.projectId);
      expect(summary.status).toBe('ready');
      expect(upperCaseCounts(summary.countsByType)).toEqual(want.productCountsByType);
      expect(summary.elementCount).toBe(want.totalProducts);
      const root = `${base}/api/ifc/odata/projects/${res.projectId}`;
      expect(await readCount(`${root}/IFCElements`, account.basic)).toBe(want.totalProducts);
      const rows = await readAllPages<{ GlobalId: string | null }>(
        `${root}/IFCElements?$select=GlobalId`,
        account.basic,
      );
      expect(rows.rows).toHaveLength(want.totalProducts);
      globalIdsBefore.set(file, rows.rows.map((r) => r.GlobalId ?? '').sort());
    });

    it('the unscoped feed counts exactly the three models', async () => {
      const total = SAMPLES.reduce((sum, f) => sum + expected[f]!.totalProducts, 0);
      expect(await readCount(`${server!.baseUrl}/api/ifc/odata/IFCElements`, account.basic)).toBe(total);
      expect(
        await readCount(`${server!.baseUrl}/api/ifc/odata/Projects`, account.basic),
      ).toBeGreaterThanOrEqual(SAMPLES.length);
    });

    it('after a server restart every project, count, row and feed token is still there', async () => {
      expect(projects.size).toBe(SAMPLES.length);
      expect(await server!.stop()).not.toBeNull();
      server = await startServer(env);
      const base = server.baseUrl;
      for (const file of SAMPLES) {
        const want = expected[file]!;
        const id = projects.get(file)!;
        const summary = await projectSummary(base, account, id);
        expect(summary.status).toBe('ready');
        expect(upperCaseCounts(summary.countsByType)).toEqual(want.productCountsByType);
        const root = `${base}/api/ifc/odata/projects/${id}`;
        // the feed token issued before the restart must still authenticate: it lives in MongoDB
        expect(await readCount(`${root}/IFCElements`, account.basic)).toBe(want.totalProducts);
        const rows = await readAllPages<{ GlobalId: string | null }>(
          `${root}/IFCElements?$select=GlobalId`,
          account.basic,
        );
        expect(rows.rows.map((r) => r.GlobalId ?? '').sort()).toEqual(globalIdsBefore.get(file));
      }
    }, 120_000);
  });
}
