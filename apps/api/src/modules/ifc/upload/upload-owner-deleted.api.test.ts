import fs from 'node:fs';
import http from 'node:http';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../../test/store-fixtures';
import { listUploadDir, openIfcHarness, type IfcHarness } from '../../../test/ifc-harness';
import type { Store } from '../../../store/types';

/**
 * An upload's session is checked when it begins; a large model then takes minutes to arrive. When the account is
 * deleted meanwhile, the project the upload would create has no owner: the answer is the 401 the next request of
 * that session gets, not a 500, and nothing of the upload is kept.
 */
describeEachStore('upload whose account is deleted while it arrives', (target) => {
  let store: Store;
  let h: IfcHarness;
  const fixture = generateIfcFixture({ storeys: 2, bays: 4, seed: 11 });

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('answers 401 REVOKED_TOKEN and keeps no project, upload or model file', async () => {
    const { token, user } = await h.login('leaving');
    const boundary = '----owner-deleted';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="ifcFile"; filename="Gelöscht.ifc"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const model = Buffer.from(fixture.text);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const modelsBefore = fs.existsSync(h.modelDir) ? fs.readdirSync(h.modelDir) : [];
    const req = http.request(`${h.baseUrl}/api/ifc/odata/upload?wait=true`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': head.length + model.length + tail.length,
      },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      req.once('response', resolve);
      req.once('error', reject);
    });
    const half = Math.floor(model.length / 2);
    req.write(Buffer.concat([head, model.subarray(0, half)]));
    // The session was accepted and the file is arriving: its partial file is on disk.
    for (let i = 0; i < 100 && !listUploadDir(h).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(listUploadDir(h)).toHaveLength(1);

    expect(await store.users.delete(user.id)).toBe(true);
    req.end(Buffer.concat([model.subarray(half), tail]));

    const res = await answered;
    let text = '';
    for await (const chunk of res) text += String(chunk);
    expect({ status: res.statusCode, body: JSON.parse(text) }).toEqual({
      status: 401,
      body: { error: 'Token is no longer valid', code: 'REVOKED_TOKEN' },
    });
    expect(await store.projects.listByOwner(user.id)).toEqual([]);
    expect(listUploadDir(h)).toEqual([]);
    expect(fs.existsSync(h.modelDir) ? fs.readdirSync(h.modelDir) : []).toEqual(modelsBefore);
  });
});
