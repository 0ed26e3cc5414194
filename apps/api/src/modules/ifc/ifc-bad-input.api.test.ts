import http from 'node:http';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../test/store-fixtures';
import { listUploadDir, openIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import type { Store } from '../../store/types';

const valid = generateIfcFixture({ storeys: 1, bays: 1, seed: 3 }).text;
const header = (schema: string) =>
  valid.replace(/FILE_SCHEMA\(\('[^']+'\)\);/, `FILE_SCHEMA(('${schema}'));`);

describeEachStore('IFC upload: bad inputs get a clear error and leave nothing behind', (target) => {
  let store: Store;
  let h: IfcHarness;
  let token: string;
  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target, { MAX_UPLOAD_MB: '0.05' }));
    token = (await h.login('bad')).token;
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  const projectCount = async (): Promise<number> =>
    (await request(h.app).get('/api/ifc/projects').set('Authorization', `Bearer ${token}`)).body.projects
      .length;
  let before = 0;
  beforeEach(async () => {
    before = await projectCount();
  });

  /** No temp file, no new project, server healthy. */
  const expectNothingLeft = async () => {
    expect(listUploadDir(h)).toEqual([]);
    expect(await projectCount()).toBe(before);
    await request(h.app).get('/health').expect(200);
  };

  it.each([
    ['an empty file', '', 400, /empty/i],
    ['random bytes', randomBytes(4096), 400, /not an IFC|STEP/i],
    ['plain text', 'Hello, this is a note about a building.\n'.repeat(20), 400, /not an IFC|STEP/i],
    [
      'a truncated model',
      generateIfcFixture({ storeys: 1, bays: 1, faults: { truncated: true } }).text,
      400,
      /truncated/i,
    ],
    ['an unsupported schema', header('IFC5'), 400, /IFC5|not supported|unsupported/i],
    [
      'a zipped model named .ifc',
      Buffer.concat([Buffer.from('PK\u0003\u0004\u0014\u0000', 'latin1'), randomBytes(512)]),
      400,
      /ZIP archive .*unzip it/,
    ],
  ])('rejects %s before processing', async (_label, content, status, message) => {
    const res = await upload(h, token, content as string | Buffer).expect(status);
    expect(res.body).toMatchObject({
      success: false,
      error: expect.stringMatching(message),
      message: expect.any(String),
    });
    await expectNothingLeft();
  });

  it('rejects a wrong extension with the spec text', async () => {
    const res = await upload(h, token, valid, 'model.txt').expect(400);
    expect(res.body.error).toBe('Please select a valid IFC file (.ifc extension)');
    await expectNothingLeft();
  });

  it('rejects a file over MAX_UPLOAD_MB with 413', async () => {
    const big = valid.replace('DATA;', `DATA;\n/*${'x'.repeat(60 * 1024)}*/`);
    const res = await upload(h, token, big).expect(413);
    expect(res.body.error).toMatch(/larger than the 0.05 MB limit/);
    await expectNothingLeft();
  });

  it('rejects a request without the ifcFile field, and an unauthenticated upload', async () => {
    const res = await request(h.app)
      .post('/api/ifc/odata/upload')
      .set('Authorization', `Bearer ${token}`)
      .field('x', 'y')
      .expect(400);
    expect(res.body.error).toMatch(/ifcFile/);
    await request(h.app)
      .post('/api/ifc/odata/upload')
      .attach('ifcFile', Buffer.from(valid), 'a.ifc')
      .expect(401);
    await expectNothingLeft();
  });

  it('answers an upload with a stale or forged session token as any signed-in route does', async () => {
    const noToken = await request(h.app)
      .post('/api/ifc/odata/upload')
      .attach('ifcFile', Buffer.from(valid), 'a.ifc')
      .expect(401);
    expect(noToken.body).toMatchObject({ error: 'No token provided', code: 'NO_TOKEN' });
    const forged = await request(h.app)
      .post('/api/ifc/odata/upload')
      .set('Authorization', `Bearer ${token.slice(0, -4)}AAAA`)
      .attach('ifcFile', Buffer.from(valid), 'a.ifc')
      .expect(401);
    expect(forged.body).toEqual({ error: 'Invalid or expired token', code: 'INVALID_TOKEN' });
    expect(forged.headers['www-authenticate']).toBeUndefined();
    await expectNothingLeft();
  });

  it('rejects a file in another field, and two files, with the one-model message and nothing stored', async () => {
    const expected = {
      success: false,
      code: 'UNEXPECTED_FIELD',
      error: "Send exactly one model in the multipart field 'ifcFile'.",
    };
    const other = await request(h.app)
      .post('/api/ifc/odata/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('model', Buffer.from(valid), 'a.ifc')
      .expect(400);
    expect(other.body).toMatchObject(expected);
    const two = await request(h.app)
      .post('/api/ifc/odata/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('ifcFile', Buffer.from(valid), 'a.ifc')
      .attach('ifcFile', Buffer.from(valid), 'b.ifc')
      .expect(400);
    expect(two.body).toMatchObject(expected);
    await expectNothingLeft();
  });

  it('reports a parse failure (unterminated string) as success:false with the parser message and no rows', async () => {
    const broken = generateIfcFixture({ storeys: 1, bays: 1, faults: { unterminatedString: true } }).text;
    const res = await upload(h, token, broken).expect(422);
    expect(res.body).toMatchObject({ success: false, projectId: expect.any(String) });
    expect(res.body.message).toMatch(/could not be parsed|unterminated|syntax/i);
    const project = await store.projects.findById(res.body.projectId);
    expect(project).toMatchObject({ status: 'failed', version: 0, elementCount: 0 });
    expect(project!.error).toBe(res.body.message);
    expect(await store.rows.countAll(res.body.projectId, 1)).toEqual({
      elements: 0,
      properties: 0,
      spatial: 0,
    });
    expect(listUploadDir(h)).toEqual([]);
  });

  it('processes a model with dangling references, leaving the missing links null', async () => {
    const fixture = generateIfcFixture({ storeys: 1, bays: 1, faults: { danglingReferences: true } });
    const res = await upload(h, token, fixture.text).expect(200);
    expect(res.body.elementCount).toBe(fixture.counts.totalProducts);
  });

  it.each([['IFC4RC4'], ['IFC2X_FINAL']])('decides deliberately about the %s header', async (schema) => {
    const res = await upload(h, token, header(schema));
    expect([200, 400, 422]).toContain(res.status);
    expect(res.body.success === true || typeof res.body.error === 'string').toBe(true);
    expect(listUploadDir(h)).toEqual([]);
  });

  it('cleans up when the client disconnects mid-upload, and stays healthy', async () => {
    const url = new URL(`${h.baseUrl}/api/ifc/odata/upload`);
    const boundary = '----aecboundary';
    await new Promise<void>((resolve) => {
      const req = http.request(
        {
          hostname: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': String(200_000),
          },
        },
        () => resolve(),
      );
      req.on('error', () => resolve());
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="ifcFile"; filename="cut.ifc"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      req.write(valid.slice(0, 2000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    for (let i = 0; i < 50 && listUploadDir(h).length; i++) await new Promise((r) => setTimeout(r, 100));
    await expectNothingLeft();
  });
});
