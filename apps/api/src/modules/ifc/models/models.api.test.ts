import request from 'supertest';
import { generateIfcFixture, generateIfcRevision } from '@aec/ifc';
import { projectModelsResponseSchema, type ProjectModelsResponse, type VersionDto } from '@aec/contracts';
import { describeEachStore } from '../../../test/store-fixtures';
import { openIfcHarness, readEvents, upload, type IfcHarness } from '../../../test/ifc-harness';
import type { Store } from '../../../store/types';

const towerOptions = { storeys: 2, bays: 2, name: 'Tower', seed: 21 } as const;
const tower = (schema: 'IFC4' | 'IFC2X3' = 'IFC4') => generateIfcFixture({ ...towerOptions, schema });
/** Version 2 of the tower with known changes (the generator's manifest lists them). */
const towerRevision = generateIfcRevision(towerOptions, { added: 3, removed: 2, modified: 4, seed: 5 });
const structure = generateIfcFixture({ storeys: 1, bays: 3, name: 'Tragwerk', seed: 99 });

// Each check uploads up to four models and waits for them; on a shared FerretDB that can take a minute.
jest.setTimeout(120_000);

describeEachStore('Models and versions API (issue 15)', (target) => {
  let store: Store;
  let h: IfcHarness;
  let owner: { token: string; username: string };
  let other: string;
  const v1 = tower();
  const v2 = towerRevision;
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const api = (path: string) => `/api/ifc/projects/${path}`;

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
    const login = await h.login('modeller');
    owner = { token: login.token, username: login.account.username };
    other = (await h.login('stranger')).token;
  });
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  /** A 200 answer, or a failure that shows what the server said instead. */
  const ok = (res: request.Response) => {
    if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.text.slice(0, 500)}`);
    return res;
  };

  const newProject = async (text = v1.text, fileName = 'Tower.ifc') =>
    ok(await upload(h, owner.token, text, fileName)).body as {
      projectId: string;
      jobId: string;
      odataUrl: string;
      tableauUrl: string;
    };

  const postVersion = (projectId: string, modelId: string, text: string, fileName: string, wait = true) =>
    request(h.app)
      .post(api(`${projectId}/models/${modelId}/versions${wait ? '?wait=true' : ''}`))
      .set(bearer(owner.token))
      .attach('ifcFile', Buffer.from(text), fileName);

  const postModel = (projectId: string, text: string, fileName: string, name?: string) => {
    const req = request(h.app)
      .post(api(`${projectId}/models?wait=true`))
      .set(bearer(owner.token));
    if (name !== undefined) req.field('name', name);
    return req.attach('ifcFile', Buffer.from(text), fileName);
  };

  async function models(projectId: string): Promise<ProjectModelsResponse> {
    const res = await request(h.app)
      .get(api(`${projectId}/models`))
      .set(bearer(owner.token))
      .expect(200);
    return projectModelsResponseSchema.parse(res.body);
  }

  /** Element rows the project's feed serves, optionally filtered (per-project root). */
  async function feedCount(projectId: string, filter?: string): Promise<number> {
    const query = filter ? `?$filter=${encodeURIComponent(filter)}` : '';
    const res = await request(h.app)
      .get(`/api/ifc/odata/projects/${projectId}/IFCElements/$count${query}`)
      .set(bearer(owner.token));
    return Number(ok(res).text);
  }

  /** The version once its post-publish change step has ended (the API answers pending until then). */
  async function settledVersion(projectId: string, modelId: string, number: number): Promise<VersionDto> {
    for (let i = 0; i < 300; i++) {
      const model = (await models(projectId)).models.find((m) => m.modelId === modelId);
      const version = model?.versions.find((v) => v.number === number);
      if (version && version.changes?.status !== 'pending') return version;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`version ${number} of ${modelId} kept its change summary pending`);
  }

  it('keeps the feed URL across versions: the same URLs serve version 2, history lists both', async () => {
    const first = await newProject();
    const { projectId } = first;
    const before = await models(projectId);
    expect(before).toMatchObject({
      projectId,
      retention: null,
      models: [{ modelId: projectId, name: 'Tower', latestVersionNumber: 1 }],
    });
    expect(before.models[0]!.versions).toEqual([
      expect.objectContaining({
        number: 1,
        fileName: 'Tower.ifc',
        uploadedBy: owner.username,
        status: 'ready',
        schema: 'IFC4',
        elementCount: v1.counts.totalProducts,
        isLatest: true,
        retained: true,
        jobId: first.jobId,
        warnings: [],
        changes: null,
      }),
    ]);

    const res = await postVersion(projectId, projectId, v2.text, 'Tower rev B.ifc').expect(200);
    expect(res.body).toMatchObject({
      success: true,
      projectId,
      modelId: projectId,
      versionNumber: 2,
      elementCount: v2.counts.totalProducts,
    });
    // Same URLs (each supertest request listens on a port of its own: compare without the origin).
    const withoutOrigin = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
    expect(withoutOrigin(res.body.odataUrl)).toBe(withoutOrigin(first.odataUrl));
    expect(withoutOrigin(res.body.tableauUrl)).toBe(withoutOrigin(first.tableauUrl));
    expect(await feedCount(projectId)).toBe(v2.counts.totalProducts);
    expect(await feedCount(projectId, 'VersionNumber eq 2')).toBe(v2.counts.totalProducts);
    // The Tableau URL (all-projects set filtered on the project) answers version 2's rows too.
    const tableau = await request(h.app)
      .get(`${new URL(first.tableauUrl).pathname}${new URL(first.tableauUrl).search}&$count=true&$top=0`)
      .set(bearer(owner.token))
      .expect(200);
    expect(tableau.body['@odata.count']).toBe(v2.counts.totalProducts);

    const summary = (await request(h.app).get(api(projectId)).set(bearer(owner.token)).expect(200)).body;
    expect(summary).toMatchObject({
      status: 'ready',
      elementCount: v2.counts.totalProducts,
      models: [{ modelId: projectId, name: 'Tower', latestVersionNumber: 2, fileName: 'Tower rev B.ifc' }],
      retention: null,
    });
    const job = (await request(h.app).get(`/api/ifc/jobs/${res.body.jobId}`).set(bearer(owner.token))).body;
    expect(job).toMatchObject({ status: 'ready', modelId: projectId, versionNumber: 2 });

    const after = await models(projectId);
    expect(after.models[0]!.latestVersionNumber).toBe(2);
    expect(after.models[0]!.versions.map((v) => [v.number, v.isLatest, v.retained])).toEqual([
      [2, true, true],
      [1, false, true],
    ]);
    expect(after.models[0]!.versions[0]!.changes).toMatchObject({ previousVersionNumber: 1 });
  });

  it('never serves a mix while a version is processed: the old rows until the switch, then the new', async () => {
    const { projectId } = await newProject();
    const accepted = await postVersion(projectId, projectId, v2.text, 'rev.ifc', false).expect(202);
    expect(accepted.body).toMatchObject({
      projectId,
      modelId: projectId,
      versionNumber: 2,
      status: 'queued',
    });
    const seen = new Set<number>();
    let status = 'queued';
    while (status !== 'ready' && status !== 'failed') {
      seen.add(await feedCount(projectId));
      status = (await request(h.app).get(`/api/ifc/jobs/${accepted.body.jobId}`).set(bearer(owner.token)))
        .body.status;
    }
    expect(status).toBe('ready');
    for (const n of seen) expect([v1.counts.totalProducts, v2.counts.totalProducts]).toContain(n);
    expect(await feedCount(projectId)).toBe(v2.counts.totalProducts);
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
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(121) }, {}, { name: 7 }]) {
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

  it('answers every other user 404 as for an unknown project, and changes nothing', async () => {
    const { projectId } = await newProject();
    const asOther = (req: request.Test) => req.set(bearer(other));
    const attempts = [
      asOther(request(h.app).get(api(`${projectId}/models`))),
      asOther(request(h.app).post(api(`${projectId}/models`))).attach(
        'ifcFile',
        Buffer.from(v2.text),
        'm.ifc',
      ),
      asOther(request(h.app).post(api(`${projectId}/models/${projectId}/versions`))).attach(
        'ifcFile',
        Buffer.from(v2.text),
        'm.ifc',
      ),
      // Without a file too: the ownership check comes first, so no upload error tells the project exists.
      asOther(request(h.app).post(api(`${projectId}/models/${projectId}/versions`))),
      asOther(request(h.app).patch(api(`${projectId}/models/${projectId}`))).send({ name: 'Mine' }),
      asOther(request(h.app).delete(api(`${projectId}/models/${projectId}`))),
      asOther(request(h.app).delete(api(`${projectId}/models/${projectId}/versions/1`))),
      asOther(request(h.app).post(api(`${projectId}/models/${projectId}/versions/1/rollback`))),
      asOther(request(h.app).patch(api(projectId))).send({ retention: 1 }),
    ];
    for (const attempt of attempts) {
      const res = await attempt;
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Project not found', code: 'PROJECT_NOT_FOUND' });
    }
    await request(h.app)
      .get(api(`${projectId}/models`))
      .expect(404);
    await request(h.app)
      .post(api(`${projectId}/models/${projectId}/versions`))
      .expect(401);
    const after = await models(projectId);
    expect(after.models.map((m) => [m.name, m.versions.length])).toEqual([['Tower', 1]]);
    expect(after.retention).toBeNull();
    expect(await feedCount(projectId)).toBe(v1.counts.totalProducts);

    const unknownModel = await request(h.app)
      .post(api(`${projectId}/models/model_nope/versions`))
      .set(bearer(owner.token))
      .attach('ifcFile', Buffer.from(v2.text), 'm.ifc')
      .expect(404);
    expect(unknownModel.body).toMatchObject({ code: 'MODEL_NOT_FOUND' });
    const malformed = await request(h.app).get(api('%E0%A4%A/models')).set(bearer(owner.token));
    expect(malformed.status).toBe(400);
    await request(h.app)
      .patch(api(`${projectId}/models/%F0%9F%8F`))
      .set(bearer(owner.token))
      .expect(400);
    await request(h.app).get(api('proj_unknown/models')).set(bearer(owner.token)).expect(404);
  });

  it('rejects bad uploads to a model as the upload route does, leaving no version behind', async () => {
    const { projectId } = await newProject();
    const notIfc = await request(h.app)
      .post(api(`${projectId}/models/${projectId}/versions`))
      .set(bearer(owner.token))
      .attach('ifcFile', Buffer.from('hello'), 'notes.txt')
      .expect(400);
    expect(notIfc.body).toMatchObject({ code: 'NOT_IFC', success: false });
    await request(h.app)
      .post(api(`${projectId}/models/${projectId}/versions`))
      .set(bearer(owner.token))
      .attach('ifcFile', Buffer.from('not a STEP file at all'), 'fake.ifc')
      .expect(400);
    const noFile = await request(h.app)
      .post(api(`${projectId}/models/${projectId}/versions`))
      .set(bearer(owner.token))
      .expect(400);
    expect(noFile.body).toMatchObject({ code: 'NO_FILE' });
    const longName = await postModel(projectId, structure.text, 's.ifc', 'x'.repeat(121)).expect(400);
    expect(longName.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    const after = await models(projectId);
    expect(after.models.map((m) => m.versions.map((v) => v.number))).toEqual([[1]]);
  });

  it('keeps version 1 serving when version 2 fails, and says why in the history', async () => {
    const { projectId } = await newProject();
    const broken = generateIfcFixture({
      storeys: 2,
      bays: 2,
      seed: 21,
      faults: { unterminatedString: true },
    });
    const failed = await postVersion(projectId, projectId, broken.text, 'broken.ifc').expect(422);
    expect(failed.body).toMatchObject({
      code: 'PROCESSING_FAILED',
      projectId,
      modelId: projectId,
      versionNumber: 2,
    });
    const summary = (await request(h.app).get(api(projectId)).set(bearer(owner.token))).body;
    expect(summary).toMatchObject({ status: 'ready', error: null, elementCount: v1.counts.totalProducts });
    expect(await feedCount(projectId)).toBe(v1.counts.totalProducts);
    const model = (await models(projectId)).models[0]!;
    expect(model.latestVersionNumber).toBe(1);
    expect(model.versions[0]).toMatchObject({
      number: 2,
      status: 'failed',
      error: expect.any(String),
      isLatest: false,
    });
    expect(
      await store.rows.countAll(
        projectId,
        (await store.models.findVersion(projectId, projectId, 2))!.version,
      ),
    ).toEqual({ elements: 0, properties: 0, spatial: 0 });
  });

  it('accepts a version with another schema, with a warning in the log and the history', async () => {
    const { projectId } = await newProject(tower('IFC2X3').text, 'Old.ifc');
    const accepted = await postVersion(projectId, projectId, v2.text, 'New.ifc', false).expect(202);
    const events = await readEvents(h, accepted.body.jobId, owner.token);
    expect(events[events.length - 1]!.event).toBe('complete');
    const messages = events.map((e) => String(e.data.message));
    expect(messages).toContain('Warning: Schema changed from IFC2X3 to IFC4');
    const version = (await models(projectId)).models[0]!.versions[0]!;
    expect(version).toMatchObject({ number: 2, schema: 'IFC4', status: 'ready' });
    expect(version.warnings).toContain('Schema changed from IFC2X3 to IFC4');
  });

  it('accepts a file with no element in common, warning "0 elements in common with version 1"', async () => {
    const { projectId } = await newProject();
    await postVersion(projectId, projectId, structure.text, 'Other building.ifc').expect(200);
    const version = await settledVersion(projectId, projectId, 2);
    expect(version.changes).toMatchObject({
      status: 'ready',
      previousVersionNumber: 1,
      commonElements: 0,
      added: structure.counts.totalProducts,
      removed: v1.counts.totalProducts,
      modified: 0,
    });
    expect(version.warnings).toContain('0 elements in common with version 1');
  });

  it('summarises what changed against the previous version, by type and storey, as the generator made it', async () => {
    const { projectId } = await newProject();
    await postVersion(projectId, projectId, v2.text, 'rev B.ifc').expect(200);
    const version = await settledVersion(projectId, projectId, 2);
    const { manifest } = v2;
    expect(version.changes).toMatchObject({
      status: 'ready',
      previousVersionNumber: 1,
      added: manifest.added,
      removed: manifest.removed,
      modified: manifest.modified,
      propertyValuesChanged: manifest.propertyValuesChanged,
      commonElements: manifest.commonElements,
      error: null,
    });
    const expectedByType = new Map<string, { added: number; removed: number; modified: number }>();
    for (const change of manifest.changes) {
      const counts = expectedByType.get(change.ifcType) ?? { added: 0, removed: 0, modified: 0 };
      counts[
        change.changeType === 'Added' ? 'added' : change.changeType === 'Removed' ? 'removed' : 'modified'
      ]++;
      expectedByType.set(change.ifcType, counts);
    }
    expect(
      Object.fromEntries(version.changes!.byType.map(({ ifcType, ...counts }) => [ifcType, counts])),
    ).toEqual(Object.fromEntries(expectedByType));
    expect(version.warnings).toEqual([]);
  });
});
