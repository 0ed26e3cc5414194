import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { ensureServerBundle, startServer, type RunningServer } from '../../../test/spawn-server';
import { describeEachStore } from '../../../test/store-fixtures';
import { mongoTestUri, uniqueDbName } from '../../../test/mongo-test-uri';

const DEMO_ROOT = '/api/ifc/odata/projects/demo_project_permanent/';

/** A fresh server serves the public demo feed from its first request, before anyone signs up. */
describeEachStore('the demo project seeded at first start', (target) => {
  let dataDir: string;
  let dbName: string | undefined;
  let server: RunningServer | undefined;
  const env = () => ({
    DATA_DIR: dataDir,
    ...(target.name === 'mongodb' ? { MONGODB_URI: `${mongoTestUri!.replace(/\/?$/, '/')}${dbName}` } : {}),
  });
  const count = async () => {
    const res = await fetch(`${server!.baseUrl}${DEMO_ROOT}IFCElements/$count`);
    return [res.status, Number(await res.text())];
  };

  beforeAll(() => ensureServerBundle());
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-demo-seed-'));
    dbName = target.name === 'mongodb' ? uniqueDbName('aec_demo_seed') : undefined;
  });
  afterEach(async () => {
    await server?.stop('SIGKILL');
    server = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const conn = await mongoose.createConnection(mongoTestUri!, { dbName }).asPromise();
      await conn.dropDatabase();
      await conn.close();
    }
  });

  it('answers the demo root anonymously at once, once per data folder, and Create Demo Data still answers', async () => {
    server = await startServer(env());
    const service = await fetch(`${server.baseUrl}${DEMO_ROOT}`);
    expect(service.status).toBe(200);
    expect((await fetch(`${server.baseUrl}${DEMO_ROOT}$metadata`)).status).toBe(200);
    const [status, elements] = await count();
    expect(status).toBe(200);
    expect(elements).toBeGreaterThan(0);

    expect(await server.stop('SIGTERM')).toBe(0);
    server = await startServer(env());
    expect(await count()).toEqual([200, elements]);
    const demo = await fetch(`${server.baseUrl}/api/ifc/odata/create-demo`, { method: 'POST' });
    expect(demo.status).toBe(200);
    const body = (await demo.json()) as { success: boolean; elementCount: number; tableauUrl: string };
    expect(body).toMatchObject({ success: true, elementCount: elements });
    expect(decodeURIComponent(body.tableauUrl)).toContain("ProjectId eq 'demo_project_permanent'");
  });
});
