import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import type { Store } from '../../store/types';

const fixture = generateIfcFixture({ storeys: 2, bays: 3, seed: 11 });
const other = generateIfcFixture({ storeys: 1, bays: 2, seed: 12 });
const DEMO = 'demo_project_permanent';
const SETS = ['Projects', 'IFCElements', 'IFCProperties', 'IFCSpatialStructure'];

/** Who may read what through which root: the caller's own root, named projects, and the public demo. */
describeEachStore('OData feed scope: roots, named projects, page links', (target) => {
  let store: Store;
  let h: IfcHarness;
  let alice: { token: string };
  let bob: { token: string };
  let projectId: string;
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const named = (id: string) => `$filter=${encodeURIComponent(`ProjectId eq '${id}'`)}`;
  const feed = (path: string) => request(h.app).get(`/api/ifc/odata/${path}`);
  const local = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');
  const uploadAs = async (token: string, text: string) =>
    (await upload(h, token, text, 'scope.ifc').expect(200)).body.projectId as string;

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target, { ODATA_PAGE_SIZE: '100' }));
    alice = await h.login('scopealice');
    bob = await h.login('scopebob');
    projectId = await uploadAs(alice.token, fixture.text);
    await request(h.app).post('/api/ifc/odata/create-demo').expect(200);
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('asks anonymous callers of the all-projects root to authenticate: service document, $metadata, every set', async () => {
    for (const path of ['', '$metadata', ...SETS, ...SETS.map((s) => `${s}/$count`)]) {
      const res = await feed(path);
      expect([path, res.status]).toEqual([path, 401]);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="/);
      expect(JSON.parse(res.text).error.code).toBe('Unauthorized');
    }
    // The demo stays public at its own root, and by name on the shared root.
    const root = `projects/${DEMO}/`;
    expect((await feed(root).expect(200)).body.value.length).toBeGreaterThan(0);
    expect((await feed(`${root}$metadata`).expect(200)).text).toContain('<EntityType Name="IFCElement">');
    for (const set of SETS) await feed(`${root}${set}?$top=1`).expect(200);
    expect((await feed(`IFCElements?${named(DEMO)}&$top=1`).expect(200)).body.value[0].ProjectId).toBe(DEMO);
    await feed(`Projects?${named(DEMO)}`).expect(200);
  });

  it("serves a signed-in user's root with their own projects only, the demo once they chose it", async () => {
    const carol = await h.login('scopecarol');
    const own = await uploadAs(carol.token, other.text);
    const projects = async () =>
      (await feed('Projects?$select=ProjectId').set(bearer(carol.token)).expect(200)).body.value.map(
        (p: { ProjectId: string }) => p.ProjectId,
      );
    expect(await projects()).toEqual([own]);
    const count = async () => Number((await feed('IFCElements/$count').set(bearer(carol.token))).text);
    expect(await count()).toBe(other.counts.totalProducts);
    const demoCount = Number((await feed(`IFCElements/$count?${named(DEMO)}`).set(bearer(carol.token))).text);
    expect(demoCount).toBeGreaterThan(0);

    await request(h.app).post('/api/ifc/odata/create-demo').set(bearer(carol.token)).expect(200);
    expect((await projects()).sort()).toEqual([DEMO, own].sort());
    expect(await count()).toBe(other.counts.totalProducts + demoCount);
    // Bob did not choose it.
    expect((await feed('Projects').set(bearer(bob.token)).expect(200)).body.value).toEqual([]);
  });

  it("answers 404 naming the project for a filter on a deleted, someone else's or unknown project", async () => {
    const doomed = await uploadAs(bob.token, other.text);
    await request(h.app).delete(`/api/ifc/projects/${doomed}`).set(bearer(bob.token)).expect(200);
    const cases: [string, string][] = [
      [doomed, bob.token],
      [projectId, bob.token],
      ['proj_never_was', alice.token],
    ];
    for (const [id, token] of cases) {
      for (const path of [...SETS, ...SETS.map((s) => `${s}/$count`)]) {
        const res = await feed(`${path}?${named(id)}`).set(bearer(token));
        expect([path, res.status]).toEqual([path, 404]);
        expect(JSON.parse(res.text).error.message).toContain(`'${id}'`);
      }
    }
    const both = `$filter=${encodeURIComponent(`ProjectId in ('${projectId}','${doomed}')`)}`;
    const either = await feed(`IFCElements?${both}`).set(bearer(alice.token)).expect(404);
    expect(JSON.parse(either.text).error.message).toContain(doomed);
    await feed(`projects/${projectId}/IFCElements?${named(doomed)}`)
      .set(bearer(alice.token))
      .expect(404);
    // Anonymous callers are asked for credentials instead (nothing tells them what exists).
    await feed(`IFCElements?${named(projectId)}`).expect(401);
  });

  it('treats ProjectId equalities joined by `or` as `in`: 404 for a project the caller cannot read', async () => {
    const filter = (f: string) => `$filter=${encodeURIComponent(f)}`;
    const unknown = 'proj_unknown';
    const forms = [
      `ProjectId eq '${projectId}' or ProjectId eq '${unknown}'`,
      `'${unknown}' eq ProjectId or ProjectId eq '${projectId}'`,
      `(ProjectId eq '${projectId}' or (ProjectId eq '${DEMO}' or ProjectId eq '${unknown}')) and ModelId ne 'x'`,
      `(ProjectId eq '${projectId}' and ModelId ne 'x') or ProjectId in ('${DEMO}','${unknown}')`,
    ];
    for (const form of forms) {
      for (const path of ['IFCElements/$count', 'IFCElements', 'IFCProperties/$count']) {
        const res = await feed(`${path}?${filter(form)}`).set(bearer(alice.token));
        expect([form, path, res.status]).toEqual([form, path, 404]);
        expect(JSON.parse(res.text).error.message).toContain(`'${unknown}'`);
      }
    }
    // On a per-project root too, and for another user's project.
    await feed(`projects/${projectId}/IFCElements/$count?${filter(forms[0]!)}`)
      .set(bearer(alice.token))
      .expect(404);
    const theirs = `ProjectId eq '${DEMO}' or ProjectId eq '${projectId}'`;
    await feed(`IFCElements/$count?${filter(theirs)}`)
      .set(bearer(bob.token))
      .expect(404);
    // Projects the caller can read answer as their `in` form does.
    const count = async (f: string) =>
      Number(
        (
          await feed(`IFCElements/$count?${filter(f)}`)
            .set(bearer(alice.token))
            .expect(200)
        ).text,
      );
    expect(await count(`ProjectId eq '${projectId}' or ProjectId eq '${DEMO}'`)).toBe(
      await count(`ProjectId in ('${projectId}','${DEMO}')`),
    );
    // A ProjectId equality under not() names no project to read.
    expect(await count(`not (ProjectId eq '${unknown}')`)).toBe(fixture.counts.totalProducts);
  });

  it('keeps the Tableau URL paging while the same user uploads and deletes other projects', async () => {
    const prefer = { Prefer: 'odata.maxpagesize=20' };
    const first = await feed(`IFCElements?${named(projectId)}&$select=Id`)
      .set(bearer(alice.token))
      .set(prefer)
      .expect(200);
    const extra = await uploadAs(alice.token, other.text);
    await request(h.app).delete(`/api/ifc/projects/${extra}`).set(bearer(alice.token)).expect(200);
    await uploadAs(alice.token, other.text);
    const ids: string[] = first.body.value.map((r: { Id: string }) => r.Id);
    for (let next = first.body['@odata.nextLink']; next;) {
      const page = await request(h.app).get(local(next)).set(bearer(alice.token)).set(prefer).expect(200);
      ids.push(...page.body.value.map((r: { Id: string }) => r.Id));
      next = page.body['@odata.nextLink'];
    }
    expect(new Set(ids).size).toBe(fixture.counts.totalProducts);
  });

  it('pages the all-projects root as one snapshot: a project added meanwhile neither breaks nor joins it', async () => {
    const dave = await h.login('scopedave');
    const kept = await uploadAs(dave.token, fixture.text);
    const prefer = { Prefer: 'odata.maxpagesize=25' };
    const first = await feed('IFCElements?$select=Id,ProjectId')
      .set(bearer(dave.token))
      .set(prefer)
      .expect(200);
    const added = await uploadAs(dave.token, other.text);
    const rows: { Id: string; ProjectId: string }[] = [...first.body.value];
    let next = first.body['@odata.nextLink'];
    for (; next;) {
      const page = await request(h.app).get(local(next)).set(bearer(dave.token)).set(prefer).expect(200);
      rows.push(...page.body.value);
      next = page.body['@odata.nextLink'];
    }
    expect(rows.filter((r) => r.ProjectId === added)).toEqual([]);
    expect(new Set(rows.map((r) => r.Id)).size).toBe(fixture.counts.totalProducts);

    // Deleting a project the pull reads does break it.
    const again = await feed('IFCElements?$select=Id').set(bearer(dave.token)).set(prefer).expect(200);
    await request(h.app).delete(`/api/ifc/projects/${kept}`).set(bearer(dave.token)).expect(200);
    const gone = await request(h.app).get(local(again.body['@odata.nextLink'])).set(bearer(dave.token));
    expect(gone.status).toBe(410);
  });
});
