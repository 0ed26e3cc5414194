import request from 'supertest';
import { describeEachStore } from '../../../test/store-fixtures';
import { readEvents, type IfcHarness } from '../../../test/ifc-harness';
import { modelsApiHarness, tower, structure, bearer, api } from '../../../test/models-api-harness';

// Each check uploads up to four models and waits for them; on a shared FerretDB that can take a minute.
jest.setTimeout(120_000);

// A model's next versions: same feed URLs, never a mix, warnings, what changed. Federation, rollback and
// retention: models-history.api.test.ts; strangers, bad uploads and failures: models-refusals.api.test.ts.
describeEachStore('Models and versions API (issue 15)', (target) => {
  const m = modelsApiHarness(target);
  const { v1, v2, newProject, postVersion, models, feedCount, settledVersion } = m;
  let h: IfcHarness, owner: { token: string; username: string };
  beforeAll(() => {
    ({ h, owner } = m);
  });

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
