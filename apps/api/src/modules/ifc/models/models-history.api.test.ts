import request from 'supertest';
import type { VersionDto } from '@aec/contracts';
import { describeEachStore } from '../../../test/store-fixtures';
import type { IfcHarness } from '../../../test/ifc-harness';
import { modelsApiHarness, structure, bearer, api } from '../../../test/models-api-harness';
import type { Store } from '../../../store/types';

// Each check uploads up to four models and waits for them; on a shared FerretDB that can take a minute.
jest.setTimeout(120_000);

// Several models in one feed, renamed and deleted; rolling back, deleting versions, retention.
describeEachStore('Models and versions API (issue 15): models and history', (target) => {
  const m = modelsApiHarness(target);
  const { v1, v2, newProject, postVersion, postModel, models, feedCount } = m;
  let store: Store, h: IfcHarness, owner: { token: string; username: string };
  beforeAll(() => {
    ({ store, h, owner } = m);
  });

  it('federates models: one feed serves every model, ModelName tells them apart; rename and delete', async () => {
    const { projectId } = await newProject();
    const added = await postModel(projectId, structure.text, 'Tragwerk Ü.ifc').expect(200);
    expect(added.body).toMatchObject({
      projectId,
      versionNumber: 1,
      elementCount: structure.counts.totalProducts,
    });
    const structureId = added.body.modelId as string;
    expect(structureId).not.toBe(projectId);

    expect(await feedCount(projectId)).toBe(v1.counts.totalProducts + structure.counts.totalProducts);
    expect(await feedCount(projectId, "ModelName eq 'Tragwerk Ü'")).toBe(structure.counts.totalProducts);
    expect(await feedCount(projectId, "ModelName eq 'Tower'")).toBe(v1.counts.totalProducts);
    const csv = await request(h.app)
      .get(api(`${projectId}/elements.csv`))
      .set(bearer(owner.token))
      .expect(200);
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(
      1 + v1.counts.totalProducts + structure.counts.totalProducts,
    );
    expect((await models(projectId)).models.map((m) => [m.modelId, m.name])).toEqual([
      [projectId, 'Tower'],
      [structureId, 'Tragwerk Ü'],
    ]);

    const named = await postModel(projectId, structure.text, 'x.ifc', '  MEP – Lüftung 🌀 ').expect(200);
    expect((await models(projectId)).models.map((m) => m.name)).toEqual([
      'Tower',
      'Tragwerk Ü',
      'MEP – Lüftung 🌀',
    ]);

    const renamed = await request(h.app)
      .patch(api(`${projectId}/models/${structureId}`))
      .set(bearer(owner.token))
      .send({ name: '  Structure  ' })
      .expect(200);
    expect(renamed.body).toMatchObject({ modelId: structureId, name: 'Structure', latestVersionNumber: 1 });
    expect(await feedCount(projectId, "ModelName eq 'Structure'")).toBe(structure.counts.totalProducts);
    expect(await feedCount(projectId, "ModelName eq 'Tragwerk Ü'")).toBe(0);
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(121) },
      { name: 'a\u0000b' },
      { name: 'Nord\u202edus.ifc' },
      {},
      { name: 7 },
    ]) {
      const bad = await request(h.app)
        .patch(api(`${projectId}/models/${structureId}`))
        .set(bearer(owner.token))
        .send(body)
        .expect(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.any(String) });
    }

    await request(h.app)
      .delete(api(`${projectId}/models/${named.body.modelId}`))
      .set(bearer(owner.token))
      .expect(200);
    await request(h.app)
      .delete(api(`${projectId}/models/${structureId}`))
      .set(bearer(owner.token))
      .expect(200);
    expect(await feedCount(projectId)).toBe(v1.counts.totalProducts);
    expect((await models(projectId)).models.map((m) => m.modelId)).toEqual([projectId]);
    const summary = (await request(h.app).get(api(projectId)).set(bearer(owner.token))).body;
    expect(summary.elementCount).toBe(v1.counts.totalProducts);
    const last = await request(h.app)
      .delete(api(`${projectId}/models/${projectId}`))
      .set(bearer(owner.token));
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'LAST_MODEL', error: expect.any(String) });
    await request(h.app)
      .delete(api(`${projectId}/models/${structureId}`))
      .set(bearer(owner.token))
      .expect(404);
  });

  it('two deletes at once of a project’s two models: one is removed, the other refused as the last one', async () => {
    const { projectId } = await newProject();
    const added = await postModel(projectId, structure.text, 'Structure.ifc').expect(200);
    const answers = await Promise.all(
      [projectId, added.body.modelId as string].map((id) =>
        request(h.app)
          .delete(api(`${projectId}/models/${id}`))
          .set(bearer(owner.token)),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ code: 'LAST_MODEL' });
    const left = (await models(projectId)).models;
    expect(left).toHaveLength(1);
    const kept = left[0]!.modelId === projectId ? v1 : structure;
    expect(await feedCount(projectId)).toBe(kept.counts.totalProducts);
  });

  it('rolls back to an older version, deletes a version that is not served, and refuses the served one', async () => {
    const { projectId } = await newProject();
    await postVersion(projectId, projectId, v2.text, 'rev.ifc').expect(200);
    const rolled = await request(h.app)
      .post(api(`${projectId}/models/${projectId}/versions/1/rollback`))
      .set(bearer(owner.token))
      .expect(200);
    expect(rolled.body).toMatchObject({ modelId: projectId, latestVersionNumber: 1 });
    const again = await request(h.app)
      .post(api(`${projectId}/models/${projectId}/versions/1/rollback`))
      .set(bearer(owner.token))
      .expect(200);
    expect(again.body.latestVersionNumber).toBe(1);
    expect(await feedCount(projectId)).toBe(v1.counts.totalProducts);
    expect(await feedCount(projectId, 'VersionNumber eq 1')).toBe(v1.counts.totalProducts);

    const published = await request(h.app)
      .delete(api(`${projectId}/models/${projectId}/versions/1`))
      .set(bearer(owner.token))
      .expect(409);
    expect(published.body).toMatchObject({ code: 'VERSION_PUBLISHED', error: expect.any(String) });
    const deleted = await request(h.app)
      .delete(api(`${projectId}/models/${projectId}/versions/2`))
      .set(bearer(owner.token))
      .expect(200);
    expect(deleted.body.versions.map((v: VersionDto) => v.number)).toEqual([1]);
    expect(await feedCount(projectId)).toBe(v1.counts.totalProducts);
    // The next upload is version 3: numbers are never reused.
    const next = await postVersion(projectId, projectId, v2.text, 'rev C.ifc').expect(200);
    expect(next.body.versionNumber).toBe(3);

    for (const number of ['2', '0', '-1', 'abc', '1e3', '1.0', '99999999999999999999', '%C3%BC']) {
      const res = await request(h.app)
        .post(api(`${projectId}/models/${projectId}/versions/${number}/rollback`))
        .set(bearer(owner.token));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'VERSION_NOT_FOUND' });
    }
  });

  it("renames the project: its summary, its list entry and the feed's Projects set follow; the feed URL stays", async () => {
    const { projectId, odataUrl } = await newProject(v1.text, 'Tower_2026-11-01_final.ifc');
    const projectsFeed = (query: string) =>
      request(h.app).get(`/api/ifc/odata/projects/${projectId}/Projects${query}`).set(bearer(owner.token));
    const renamed = await request(h.app)
      .patch(api(projectId))
      .set(bearer(owner.token))
      .send({ name: '  Tårn Ø8 — 北京 🏗  ' })
      .expect(200);
    expect(renamed.body).toMatchObject({ projectId, name: 'Tårn Ø8 — 北京 🏗', retention: null });
    const one = await request(h.app).get(api(projectId)).set(bearer(owner.token)).expect(200);
    expect(one.body).toMatchObject({ name: 'Tårn Ø8 — 北京 🏗', fileName: 'Tower_2026-11-01_final.ifc' });
    const list = await request(h.app).get('/api/ifc/projects').set(bearer(owner.token)).expect(200);
    expect(list.body.projects.find((p: { projectId: string }) => p.projectId === projectId).name).toBe(
      'Tårn Ø8 — 北京 🏗',
    );
    const byName = await projectsFeed(
      `?$filter=${encodeURIComponent("tolower(Name) eq 'tårn ø8 — 北京 🏗'")}&$select=Name`,
    ).expect(200);
    expect(byName.body.value).toEqual([{ ProjectId: projectId, Name: 'Tårn Ø8 — 北京 🏗' }]);
    // the model keeps its own name; the rows and the feed URL are the project's as before
    expect((await models(projectId)).models.map((m) => m.name)).toEqual(['Tower_2026-11-01_final']);
    expect(odataUrl).toContain(projectId);
    expect(await feedCount(projectId)).toBe(v1.counts.totalProducts);

    // a name and a retention setting in one request; a bad one of the two applies neither
    const both = await request(h.app)
      .patch(api(projectId))
      .set(bearer(owner.token))
      .send({ name: 'Tower', retention: 3 })
      .expect(200);
    expect(both.body).toMatchObject({ name: 'Tower', retention: 3 });
    const refusals: Array<[unknown, string]> = [
      [{ name: '   ' }, 'Enter a project name'],
      [{ name: 'x'.repeat(121) }, 'A project name has at most 120 characters'],
      [
        { name: 'a\u202Eb' },
        'A project name cannot hold control characters (tabs, line breaks, text-direction controls)',
      ],
      [{ name: 7 }, 'A project name must be text'],
      [
        { name: 'Fine', retention: 0 },
        'Retention is a whole number of versions from 1 to 100, or null to keep every version',
      ],
      [{}, 'Send a project name, a retention setting, or both'],
    ];
    for (const [body, message] of refusals) {
      const bad = await request(h.app)
        .patch(api(projectId))
        .set(bearer(owner.token))
        .send(body as object)
        .expect(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(bad.body)).toContain(message);
    }
    const after = await request(h.app).get(api(projectId)).set(bearer(owner.token)).expect(200);
    expect(after.body).toMatchObject({ name: 'Tower', retention: 3 });
  });

  it('applies retention: older versions leave the feed store but stay in the history', async () => {
    const { projectId } = await newProject();
    await postVersion(projectId, projectId, v2.text, 'rev B.ifc').expect(200);
    await postVersion(projectId, projectId, v1.text, 'rev C.ifc').expect(200);
    const set = await request(h.app)
      .patch(api(projectId))
      .set(bearer(owner.token))
      .send({ retention: 1 })
      .expect(200);
    expect(set.body).toMatchObject({ projectId, retention: 1 });
    // Replaced versions keep their rows for the snapshot window (issue 19.2) before retention removes them.
    await store.pruneSuperseded(Date.now() + 31 * 60_000);
    const history = (await models(projectId)).models[0]!.versions;
    expect(history.map((v) => [v.number, v.retained])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    const refused = await request(h.app)
      .post(api(`${projectId}/models/${projectId}/versions/2/rollback`))
      .set(bearer(owner.token))
      .expect(409);
    expect(refused.body).toMatchObject({ code: 'VERSION_NOT_RETAINED' });
    expect(await feedCount(projectId)).toBe(v1.counts.totalProducts);

    for (const body of [{ retention: 0 }, { retention: 101 }, { retention: 2.5 }, { retention: '2' }, {}]) {
      const bad = await request(h.app).patch(api(projectId)).set(bearer(owner.token)).send(body).expect(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    await request(h.app).patch(api(projectId)).set(bearer(owner.token)).send({ retention: null }).expect(200);
    expect((await models(projectId)).retention).toBeNull();
  });
});
