import request from 'supertest';
import type { VersionDto } from '@aec/contracts';
import { describeEachStore } from '../../../test/store-fixtures';
import { modelsApiHarness, bearer, api, ok } from '../../../test/models-api-harness';

// Three uploads and a deletion, waited for; on a shared FerretDB that can take a minute.
jest.setTimeout(180_000);

// A version's changes are against its model's previous retained version (README, "What changed"): deleting the
// version a later one was compared with compares that one with the version before it, as the outside tester found
// it did not (version 3 kept "Modified 0" against the deleted version 2, and the feed lost every change row).
describeEachStore('Models and versions API: deleting the version another one was compared with', (target) => {
  const m = modelsApiHarness(target);
  const { v2, newProject, postVersion, models, feedCount, settledVersion } = m;
  const { manifest } = v2;

  const feed = async (projectId: string, set: string, query = '') =>
    ok(
      await request(m.h.app)
        .get(`/api/ifc/odata/projects/${projectId}/${set}${query}`)
        .set(bearer(m.owner.token)),
    ).body.value as Record<string, unknown>[];

  it('compares the next version with the previous retained one, in the history and the feed', async () => {
    const { projectId } = await newProject();
    await postVersion(projectId, projectId, v2.text, 'Tower rev B.ifc').expect(200);
    // The same file again: version 3 changes nothing against version 2.
    await postVersion(projectId, projectId, v2.text, 'Tower rev B.ifc').expect(200);
    expect((await settledVersion(projectId, projectId, 2)).changes).toMatchObject({ status: 'ready' });
    expect((await settledVersion(projectId, projectId, 3)).changes).toMatchObject({
      status: 'ready',
      previousVersionNumber: 2,
      added: 0,
      removed: 0,
      modified: 0,
      propertyValuesChanged: 0,
    });
    expect(await feed(projectId, 'IFCPropertyChanges', '?$select=VersionNumber')).toHaveLength(
      manifest.propertyValuesChanged,
    );

    const deleted = await request(m.h.app)
      .delete(api(`${projectId}/models/${projectId}/versions/2`))
      .set(bearer(m.owner.token))
      .expect(200);
    const answered = deleted.body.versions as VersionDto[];
    expect(answered.map((v) => v.number)).toEqual([3, 1]);
    // Compared with version 1 now: pending until computed (or already done), never against version 2.
    expect(answered[0]!.changes).toMatchObject({ previousVersionNumber: 1 });
    expect(['pending', 'ready']).toContain(answered[0]!.changes!.status);

    const version3 = await settledVersion(projectId, projectId, 3);
    expect(version3.changes).toMatchObject({
      status: 'ready',
      previousVersionNumber: 1,
      added: manifest.added,
      removed: manifest.removed,
      modified: manifest.modified,
      propertyValuesChanged: manifest.propertyValuesChanged,
      commonElements: manifest.commonElements,
      error: null,
    });
    expect(version3.warnings).toEqual([]);

    const changes = await feed(
      projectId,
      'IFCChanges',
      '?$select=GlobalId,ChangeType,VersionNumber,PreviousVersionNumber',
    );
    expect(
      changes.map((c) => [c.VersionNumber, c.PreviousVersionNumber]).every(([v, p]) => v === 3 && p === 1),
    ).toBe(true);
    expect(changes.map((c) => `${String(c.GlobalId)}:${String(c.ChangeType)}`).sort()).toEqual(
      manifest.changes.map((c) => `${c.globalId}:${c.changeType}`).sort(),
    );
    const properties = await feed(
      projectId,
      'IFCPropertyChanges',
      '?$select=GlobalId,VersionNumber,PreviousVersionNumber,OldValue,NewValue',
    );
    expect(properties).toHaveLength(manifest.propertyValuesChanged);
    const expected = manifest.changes.flatMap((c) =>
      c.propertyChanges.map((p) => ({
        GlobalId: c.globalId,
        VersionNumber: 3,
        PreviousVersionNumber: 1,
        OldValue: p.oldValue,
        NewValue: p.newValue,
      })),
    );
    expect(properties).toEqual(expect.arrayContaining(expected.map((e) => expect.objectContaining(e))));
    const versions = await feed(
      projectId,
      'Versions',
      '?$select=VersionNumber,Modified,PropertyValuesChanged',
    );
    expect(versions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          VersionNumber: 3,
          Modified: manifest.modified,
          PropertyValuesChanged: manifest.propertyValuesChanged,
        }),
      ]),
    );

    // The served rows are version 3's, as before; the history no longer lists version 2.
    expect(await feedCount(projectId)).toBe(v2.counts.totalProducts);
    const history = (await models(projectId)).models[0]!.versions;
    expect(history.map((v) => [v.number, v.changes?.previousVersionNumber ?? null])).toEqual([
      [3, 1],
      [1, null],
    ]);
  });

  it('leaves the next version without a change set when the version deleted was the oldest', async () => {
    const { projectId } = await newProject();
    await postVersion(projectId, projectId, v2.text, 'Tower rev B.ifc').expect(200);
    expect((await settledVersion(projectId, projectId, 2)).changes).toMatchObject({
      previousVersionNumber: 1,
    });
    await request(m.h.app)
      .delete(api(`${projectId}/models/${projectId}/versions/1`))
      .set(bearer(m.owner.token))
      .expect(200);
    const history = (await models(projectId)).models[0]!.versions;
    expect(history.map((v) => [v.number, v.changes])).toEqual([[2, null]]);
    expect(await feed(projectId, 'IFCChanges', '?$select=GlobalId')).toEqual([]);
    expect(await feedCount(projectId)).toBe(v2.counts.totalProducts);
  });
});
