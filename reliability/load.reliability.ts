import { writeIfcModel, generateIfcFixture } from '@aec/ifc';
import fs from 'node:fs';
import path from 'node:path';
import {
  account,
  healthProbe,
  pullAll,
  startApi,
  describeEachStore,
  tempDir,
  uploadModel,
  type ApiProcess,
} from './server-process';

const READERS = 20;
const ROUNDS = 3;

describeEachStore('load', ({ name, env }) => {
  let api: ApiProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir('aec-load-');
    api = await startApi({ DATA_DIR: dataDir, MAX_UPLOAD_MB: '200', ...env(`aec_load_${Date.now()}`) });
  });
  afterAll(async () => {
    await api.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${READERS} readers page full feeds while 2 large models upload: zero errors, every pull exact`, async () => {
    const owner = await account(api.base, `load_${name}`);
    const fixture = generateIfcFixture({ storeys: name === 'sqlite' ? 8 : 3, bays: 6, seed: 21 });
    const first = await uploadModel(api.base, owner.token, fixture.text, 'feed.ifc');
    expect(first.status).toBe(200);
    const projectId = first.body.projectId as string;
    const url = `${api.base}/api/ifc/odata/projects/${projectId}/IFCElements?$select=Id`;
    const auth = { authorization: `Bearer ${owner.token}` };

    // Two large generated models uploaded at the same time as the readers run.
    const bigBytes = (name === 'sqlite' ? 12 : 2) * 1024 * 1024;
    const bigFiles = await Promise.all(
      [1, 2].map(async (i) => {
        const file = path.join(dataDir, `big-${i}.ifc`);
        const counts = await writeIfcModel(file, { targetBytes: bigBytes, bays: 8, seed: 100 + i });
        return { file, counts };
      }),
    );
    const probe = healthProbe(api.base);
    const started = performance.now();
    const errors: string[] = [];
    const pulls: number[] = [];
    const readers = Array.from({ length: READERS }, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        try {
          const ids = await pullAll(url, auth, 100);
          pulls.push(ids.length);
          if (ids.length !== fixture.counts.totalProducts || new Set(ids).size !== ids.length) {
            errors.push(`pull returned ${ids.length} rows (${new Set(ids).size} distinct)`);
          }
        } catch (err) {
          errors.push((err as Error).message);
        }
      }
    });
    const uploads = bigFiles.map(async ({ file, counts }) => {
      const res = await uploadModel(api.base, owner.token, fs.readFileSync(file), path.basename(file));
      if (res.status !== 200 || res.body.elementCount !== counts.totalProducts) {
        errors.push(`upload ${path.basename(file)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    });
    await Promise.all([...readers, ...uploads]);
    const health = await probe.stop();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `load[${name}]: ${READERS} readers × ${ROUNDS} full pulls of ${fixture.counts.totalProducts} rows (page 100) + 2 uploads of ` +
        `${(bigBytes / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s; errors ${errors.length}; ` +
        `/health p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms over ${health.samples} probes`,
    );
    if (errors.length) console.error(`server log:\n${api.log().slice(-4000)}`);
    expect(errors).toEqual([]);
    expect(pulls).toHaveLength(READERS * ROUNDS);
  });
});
