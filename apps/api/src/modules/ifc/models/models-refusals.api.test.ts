import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../../test/store-fixtures';
import type { IfcHarness } from '../../../test/ifc-harness';
import { modelsApiHarness, structure, bearer, api } from '../../../test/models-api-harness';
import type { Store } from '../../../store/types';
import { unqueuedVersion } from '../../../test/unqueued-version';

// Each check uploads up to four models and waits for them; on a shared FerretDB that can take a minute.
jest.setTimeout(120_000);

// What is refused (another user, bad uploads) and what a failed version leaves: the previous one serving.
describeEachStore('Models and versions API (issue 15): refusals and failures', (target) => {
  const m = modelsApiHarness(target);
  const { v1, v2, newProject, postVersion, postModel, models, feedCount } = m;
  let store: Store, h: IfcHarness, owner: { token: string; username: string }, other: string;
  beforeAll(() => {
    ({ store, h, owner, other } = m);
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
      asOther(request(h.app).patch(api(projectId))).send({ name: 'Mine' }),
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
    const project = await request(h.app).get(api(projectId)).set(bearer(owner.token)).expect(200);
    expect(project.body.name).toBe('Tower');
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

  it('publishes nothing for a version whose model was deleted before its job ran', async () => {
    const { projectId } = await newProject();
    const added = await postModel(projectId, structure.text, 'Structure.ifc').expect(200);
    const modelId = added.body.modelId as string;
    // A version 2 started just as the model is deleted: its record made, its job queued after the delete.
    const { job } = await unqueuedVersion(store, h.modelDir, {
      projectId,
      modelId,
      fileName: 'Structure v2.ifc',
      text: structure.text,
    });
    expect(await store.models.delete(projectId, modelId)).toBe('deleted');
    await h.processor.enqueue(job);
    let ended = await store.jobs.findById(job.id);
    for (let i = 0; i < 600 && !['ready', 'failed', 'cancelled'].includes(ended!.status); i++) {
      await new Promise((r) => setTimeout(r, 50));
      ended = await store.jobs.findById(job.id);
    }
    expect(ended).toMatchObject({ status: 'cancelled', error: expect.stringContaining('model was deleted') });
    // Not adopted by the project's other model: it still has its one version, and the feed only its elements.
    const left = (await models(projectId)).models;
    expect(left.map((x) => [x.modelId, x.versions.map((v) => v.number)])).toEqual([[projectId, [1]]]);
    expect(await feedCount(projectId)).toBe(v1.counts.totalProducts);
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
});
