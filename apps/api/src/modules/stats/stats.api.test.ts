import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import type { Store } from '../../store/types';

const fixture = generateIfcFixture({ storeys: 1, bays: 2, seed: 9 });

describeEachStore('usage counts and stats', (target) => {
  let store: Store;
  let h: IfcHarness;
  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('counts feed requests, exports and API calls per user and project, and reports real platform totals', async () => {
    const { token } = await h.login('stats');
    const auth = { Authorization: `Bearer ${token}` };
    const before = (await request(h.app).get('/api/stats/platform').set(auth).expect(200)).body;
    const { projectId } = (await upload(h, token, fixture.text, 'stats.ifc').expect(200)).body;
    for (let i = 0; i < 3; i++)
      await request(h.app)
        .get(`/api/ifc/odata/projects/${projectId}/IFCElements/$count`)
        .set(auth)
        .expect(200);
    await request(h.app).get(`/api/ifc/projects/${projectId}/elements.csv`).set(auth).expect(200);

    const me = (await request(h.app).get('/api/stats/me').set(auth).expect(200)).body;
    expect(me).toMatchObject({
      projects: 1,
      readyProjects: 1,
      elements: fixture.counts.totalProducts,
      feedRequests: 3,
      exports: 1,
    });
    expect(me.feedRequestsByDay).toHaveLength(90);
    expect(me.feedRequestsByDay[89]).toEqual({ date: new Date().toISOString().slice(0, 10), count: 3 });
    expect(me.perProject).toEqual([
      expect.objectContaining({
        projectId,
        name: 'stats',
        status: 'ready',
        feedRequests: 3,
        exports: 1,
        processingMs: expect.any(Number),
      }),
    ]);
    expect(me.recentActivity.map((a: { kind: string }) => a.kind)).toEqual(['processed', 'upload']);

    const after = (await request(h.app).get('/api/stats/platform').set(auth).expect(200)).body;
    expect(after.projectsAnalyzed).toBe(before.projectsAnalyzed + 1);
    expect(after.elementsProcessed).toBe(before.elementsProcessed + fixture.counts.totalProducts);
    expect(after.dataExports).toBe(before.dataExports + 1);
    expect(after.apiRequests).toBeGreaterThanOrEqual(before.apiRequests + 6);
    await request(h.app).get('/api/stats/me').expect(401);
  });

  it('adds up: the feed total is the per-project figures plus the reads outside the user\'s own projects', async () => {
    const { token } = await h.login('stats_sum');
    const auth = { Authorization: `Bearer ${token}` };
    const { projectId } = (await upload(h, token, fixture.text, 'sum.ifc').expect(200)).body;
    await request(h.app).post('/api/ifc/odata/create-demo').expect(200);
    const odata = '/api/ifc/odata';
    const reads = [
      `${odata}/projects/${projectId}/IFCElements?$top=1`, // one own project
      `${odata}/IFCElements?$top=1&$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`, // same, from the root
      `${odata}/IFCElements?$top=1`, // every readable project at once
      `${odata}/projects/demo_project_permanent/IFCElements?$top=1`, // the public demo, not the user's
      `${odata}/`, // service document
      `${odata}/$metadata`,
      `${odata}/projects/${projectId}/$metadata`,
    ];
    for (const url of reads) await request(h.app).get(url).set(auth);
    await request(h.app).get(`/api/ifc/projects/demo_project_permanent/elements.csv`).set(auth).expect(200);
    await request(h.app).get(`/api/ifc/projects/${projectId}/elements.csv`).set(auth).expect(200);

    const me = (await request(h.app).get('/api/stats/me').set(auth).expect(200)).body;
    const perProject = (key: 'feedRequests' | 'exports') =>
      me.perProject.reduce((sum: number, p: Record<string, number>) => sum + (p[key] ?? 0), 0);
    expect(me.perProject.find((p: { projectId: string }) => p.projectId === projectId)).toMatchObject({
      feedRequests: 2,
      exports: 1,
    });
    expect(me.outsideOwnProjects).toEqual({ feedRequests: 2, exports: 1 });
    expect(me.feedRequests).toBe(perProject('feedRequests') + me.outsideOwnProjects.feedRequests);
    expect(me.exports).toBe(perProject('exports') + me.outsideOwnProjects.exports);
    expect(me.feedRequestsByDay.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(
      me.feedRequests,
    );
  });

  it('another user sees none of it', async () => {
    const { token } = await h.login('stats_other');
    const me = (
      await request(h.app)
        .get('/api/stats/me')
        .set({ Authorization: `Bearer ${token}` })
        .expect(200)
    ).body;
    expect(me).toMatchObject({
      projects: 0,
      elements: 0,
      feedRequests: 0,
      exports: 0,
      perProject: [],
      outsideOwnProjects: { feedRequests: 0, exports: 0 },
      recentActivity: [],
    });
  });
});
