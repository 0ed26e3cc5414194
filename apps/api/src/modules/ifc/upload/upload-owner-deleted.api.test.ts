import fs from 'node:fs';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../../test/store-fixtures';
import { listUploadDir, openIfcHarness, openUpload, type IfcHarness } from '../../../test/ifc-harness';
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
    const model = Buffer.from(fixture.text);
    const modelsBefore = fs.existsSync(h.modelDir) ? fs.readdirSync(h.modelDir) : [];
    const sent = openUpload(h, token, model.length, { query: '?wait=true', filename: 'Gelöscht.ifc' });
    const half = Math.floor(model.length / 2);
    sent.write(model.subarray(0, half));
    // The session was accepted and the file is arriving: its partial file is on disk.
    for (let i = 0; i < 100 && !listUploadDir(h).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(listUploadDir(h)).toHaveLength(1);

    expect(await store.users.delete(user.id)).toBe(true);
    sent.write(model.subarray(half));
    expect(await sent.end()).toEqual({
      status: 401,
      body: { error: 'Token is no longer valid', code: 'REVOKED_TOKEN' },
    });
    expect(await store.projects.listByOwner(user.id)).toEqual([]);
    expect(listUploadDir(h)).toEqual([]);
    expect(fs.existsSync(h.modelDir) ? fs.readdirSync(h.modelDir) : []).toEqual(modelsBefore);
  });
});
