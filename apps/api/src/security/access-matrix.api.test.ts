import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../test/ifc-harness';
import type { Store } from '../store/types';

const fixture = generateIfcFixture({ storeys: 1, bays: 2, seed: 77 });

/**
 * Every endpoint that touches a project, a job or a feed, asked by the owner, another user, an anonymous caller,
 * a bad feed token and a revoked feed token: only the owner ever gets the owner's data.
 */
describeEachStore('security: access matrix', (target) => {
  let store: Store;
  let h: IfcHarness;
  let owner: { token: string; account: { username: string } };
  let other: { token: string; account: { username: string } };
  let projectId: string;
  let jobId: string;
  let revokedSecret: string;

  const basic = (user: string, secret: string) =>
    `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
    owner = await h.login('matrix_owner');
    other = await h.login('matrix_other');
    const res = await upload(h, owner.token, fixture.text, 'secret-model.ifc').expect(200);
    ({ projectId, jobId } = res.body);
    const created = await request(h.app)
      .post('/api/feed-tokens')
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ name: 'old' })
      .expect(201);
    revokedSecret = created.body.token;
    await request(h.app)
      .delete(`/api/feed-tokens/${created.body.id}`)
      .set('Authorization', `Bearer ${owner.token}`)
      .expect(200);
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  const callers = () => ({
    other: `Bearer ${other.token}`,
    anonymous: undefined,
    badFeedToken: basic(owner.account.username, 'aecft_not-a-real-token'),
    revokedFeedToken: basic(owner.account.username, revokedSecret),
    forgedJwt: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  });

  const filter = () => `$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`;
  const reads = () => [
    `/api/ifc/projects/${projectId}`,
    `/api/ifc/projects/${projectId}/elements.csv`,
    `/api/ifc/projects/${projectId}/connect.pbids`,
    `/api/ifc/projects/${projectId}/connect.tds`,
    `/api/ifc/projects/${projectId}/models`,
    `/api/ifc/jobs/${jobId}`,
    `/api/ifc/jobs/${jobId}/events`,
    `/api/ifc/odata/projects/${projectId}/IFCElements`,
    `/api/ifc/odata/projects/${projectId}/IFCElements/$count`,
    `/api/ifc/odata/projects/${projectId}/IFCProperties`,
    `/api/ifc/odata/projects/${projectId}/IFCSpatialStructure`,
    `/api/ifc/odata/projects/${projectId}/Projects`,
    `/api/ifc/odata/IFCElements('${projectId}:1')`,
  ];
  const filtered = () => [
    `/api/ifc/odata/IFCElements?${filter()}`,
    `/api/ifc/odata/IFCElements/$count?${filter()}`,
    `/api/ifc/odata/IFCProperties?${filter()}&$count=true`,
    `/api/ifc/odata/IFCSpatialStructure?${filter()}`,
    `/api/ifc/odata/Projects?$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`,
  ];

  it('the owner reads everything', async () => {
    for (const url of [...reads(), ...filtered()]) {
      const res = await request(h.app).get(url).set('Authorization', `Bearer ${owner.token}`);
      expect([200, 404]).toContain(res.status);
      if (url.includes("('")) continue;
      expect(res.status).toBe(200);
    }
  });

  it.each(['other', 'anonymous', 'badFeedToken', 'revokedFeedToken', 'forgedJwt'] as const)(
    '%s never receives the owner’s rows',
    async (who) => {
      const auth = callers()[who];
      for (const url of [...reads(), ...filtered()]) {
        const req = request(h.app).get(url);
        if (auth) req.set('Authorization', auth);
        const res = await req;
        const text = res.text ?? '';
        if (res.status === 200) {
          // Only an authenticated other user gets 200 here, and only empty results.
          expect(who).toBe('other');
          expect(text).not.toContain(`${projectId}:`);
          if (url.includes('/$count')) expect(text.trim()).toBe('0');
          else {
            expect(JSON.parse(text).value).toEqual([]);
            if (url.includes('$count=true')) expect(JSON.parse(text)['@odata.count']).toBe(0);
          }
        } else {
          expect([401, 404]).toContain(res.status);
          expect(text).not.toContain(`${projectId}:`);
          expect(text).not.toContain('secret-model');
        }
      }
      for (const action of ['pause', 'resume', 'cancel']) {
        const req = request(h.app).post(`/api/ifc/jobs/${jobId}/${action}`);
        if (auth) req.set('Authorization', auth);
        expect([401, 404]).toContain((await req).status);
      }
      // The models and versions routes (issue 15): every change, with or without a body, answers as above.
      const model = `/api/ifc/projects/${projectId}/models/${projectId}`;
      const changes = [
        request(h.app).patch(`/api/ifc/projects/${projectId}`).send({ retention: 1 }),
        request(h.app).post(`/api/ifc/projects/${projectId}/models`),
        request(h.app)
          .post(`/api/ifc/projects/${projectId}/models`)
          .attach('ifcFile', Buffer.from(fixture.text), 'm.ifc'),
        request(h.app).post(`${model}/versions`),
        request(h.app).post(`${model}/versions`).attach('ifcFile', Buffer.from(fixture.text), 'm.ifc'),
        request(h.app).patch(model).send({ name: 'taken' }),
        request(h.app).delete(model),
        request(h.app).delete(`${model}/versions/1`),
        request(h.app).post(`${model}/versions/1/rollback`),
      ];
      for (const req of changes) {
        if (auth) req.set('Authorization', auth);
        const res = await req;
        expect([401, 404]).toContain(res.status);
        expect(res.text).not.toContain('secret-model');
      }
      expect((await store.models.listVersions(projectId)).map((v) => v.number)).toEqual([1]);
      expect((await store.models.findById(projectId, projectId))?.name).toBe('secret-model');
      const del = request(h.app).delete(`/api/ifc/projects/${projectId}`);
      if (auth) del.set('Authorization', auth);
      expect([401, 404]).toContain((await del).status);
      expect(await store.projects.findById(projectId)).not.toBeNull();
    },
  );

  it('keeps uploaded file names as labels only: no path traversal', async () => {
    const res = await request(h.app)
      .post('/api/ifc/odata/upload?wait=true')
      .set('Authorization', `Bearer ${owner.token}`)
      .attach('ifcFile', Buffer.from(fixture.text), '../../../../tmp/evil.ifc')
      .expect(200);
    const project = await store.projects.findById(res.body.projectId);
    expect(project!.fileName).toBe('evil.ifc');
    // On MongoDB a model file is kept only until its job ends (JobFiles); on SQLite it stays, named by the project.
    if (target.name === 'sqlite')
      expect(fs.readdirSync(path.join(h.dataDir, 'models'))).toContain(`${res.body.projectId}.ifc`);
    expect(fs.existsSync('/tmp/evil.ifc')).toBe(false);
  });
});
