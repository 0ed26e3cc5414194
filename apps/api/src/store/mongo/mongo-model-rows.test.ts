import { describeSkipped } from '../../../../../tools/test-support/skip-with-reason';
import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { mongoModelFixture } from '../../test/mongo-model-fixture';
import { elementRow, propertyRow, spatialRow } from '../../test/row-fixtures';
import type { Store } from '../types';

/**
 * What a model version's rows carry on MongoDB (model columns, element keys, a rename), the wide set per model,
 * and what the feed and the element stream serve across models.
 */
const title = 'MongoDB models and versions: rows';

if (!mongoTestUri) describeSkipped(title, mongoSkipReason);
else
  describe(title, () => {
    const m = mongoModelFixture('aec_model_rows');
    const { rowDocs, newProject, newVersion, publishedVersion, summary } = m;
    let store: Store, ownerId: string;
    beforeAll(() => {
      ({ store, ownerId } = m);
    });

    it('rows carry their model version, elements keyed by model and GlobalId; a rename rewrites the name', async () => {
      const project = await newProject();
      const v = await newVersion(project.id, project.id);
      const context = {
        modelId: project.id,
        modelName: 'Büro Ø 3',
        versionNumber: v.number,
        changedAt: v.createdAt,
      };
      await store.rows.insertBatch(
        project.id,
        v.version,
        {
          elements: [elementRow(1, { GlobalId: 'g-1' }), elementRow(2, { GlobalId: 'dup' })],
          properties: [propertyRow(1)],
          spatial: [spatialRow(3)],
        },
        context,
      );
      // The repeat comes in a later batch: still numbered after the first.
      await store.rows.insertBatch(
        project.id,
        v.version,
        { elements: [elementRow(4, { GlobalId: 'dup' }), elementRow(5, { GlobalId: null })] },
        context,
      );
      const elements = await rowDocs('ifc_elements', project.id, v.version);
      expect(elements.map((e) => e.Id).sort()).toEqual(
        [`${project.id}:g-1`, `${project.id}:dup`, `${project.id}:dup#2`, `${project.id}:~5`].sort(),
      );
      for (const e of elements)
        expect(e).toMatchObject({
          ModelId: project.id,
          ModelName: 'Büro Ø 3',
          VersionNumber: 1,
          ChangedAt: new Date(v.createdAt),
        });
      expect(await rowDocs('ifc_properties', project.id, v.version)).toMatchObject([
        { ModelId: project.id, VersionNumber: 1 },
      ]);
      expect(await rowDocs('ifc_spatial', project.id, v.version)).toMatchObject([{ ModelName: 'Büro Ø 3' }]);
      await store.projects.publish(project.id, v.version, summary(4));
      await store.rows.buildWideElements(project.id, v.version);
      await store.models.rename(project.id, project.id, 'Neu 名');
      for (const collection of ['ifc_elements', 'ifc_properties', 'ifc_spatial', 'ifc_wide'])
        for (const doc of await rowDocs(collection, project.id, v.version))
          expect(doc.ModelName).toBe('Neu 名');
    });

    it('rows written without a context take their record’s model version (adopting one when missing)', async () => {
      const project = await newProject();
      const v = await newVersion(project.id, project.id);
      await store.rows.insertBatch(project.id, v.version, { elements: [elementRow(1)] });
      expect(await rowDocs('ifc_elements', project.id, v.version)).toMatchObject([
        { ModelId: project.id, ModelName: 'Büro Ø 3', VersionNumber: 1, ChangedAt: new Date(v.createdAt) },
      ]);
      const plain = await store.projects.nextVersion(project.id);
      await store.rows.insertBatch(project.id, plain, { spatial: [spatialRow(1)] });
      expect(await store.models.findVersionByRowVersion(project.id, plain)).toMatchObject({ number: 2 });
      expect(await rowDocs('ifc_spatial', project.id, plain)).toMatchObject([{ VersionNumber: 2 }]);
    });

    it('builds a model’s wide set while another model shows a newer row version', async () => {
      const project = await newProject();
      await store.models.create({ id: 'late', projectId: project.id, name: 'Late' });
      const first = await publishedVersion(project.id, project.id, 2);
      await publishedVersion(project.id, 'late', 1);
      expect(await store.rows.publishedAwaitingPreparation()).toEqual(
        expect.arrayContaining([{ projectId: project.id, version: first.version }]),
      );
      expect(await store.rows.buildWideElements(project.id, first.version)).not.toBeNull();
      expect(await store.rows.publishedAwaitingPreparation()).not.toEqual(
        expect.arrayContaining([{ projectId: project.id, version: first.version }]),
      );
    });

    it('the feed sees one version per published model, all with the project’s stamp', async () => {
      const project = await newProject();
      await store.models.create({ id: 'mep', projectId: project.id, name: 'MEP' });
      const scope = { userId: ownerId, projectIds: [project.id] };
      expect(await store.feed.visibleVersions(scope)).toMatchObject([{ id: project.id, version: 0 }]);
      const a = await publishedVersion(project.id, project.id, 2);
      await newVersion(project.id, 'mep');
      expect((await store.feed.visibleVersions(scope)).map((v) => v.version)).toEqual([a.version]);
      const b = await publishedVersion(project.id, 'mep', 3, 'IfcPipeSegment');
      const visible = await store.feed.visibleVersions(scope);
      expect(visible.map((v) => [v.version, (v as { modelId?: string }).modelId])).toEqual([
        [a.version, project.id],
        [b.version, 'mep'],
      ]);
      expect(new Set(visible.map((v) => v.stamp))).toEqual(
        new Set([Date.parse((await store.projects.findById(project.id))!.processedAt!)]),
      );
      expect(await store.feed.count({ entitySet: 'IFCElements', query: {}, visible })).toBe(5);
    });

    it('streams what the project serves without a version: each model’s published version in key order', async () => {
      const project = await newProject();
      await store.models.create({ id: 'mep', projectId: project.id, name: 'MEP' });
      const context = (v: { modelId: string; number: number; createdAt: string }, name: string) => ({
        modelId: v.modelId,
        modelName: name,
        versionNumber: v.number,
        changedAt: v.createdAt,
      });
      const a = await newVersion(project.id, project.id);
      await store.rows.insertBatch(
        project.id,
        a.version,
        { elements: [elementRow(1, { GlobalId: 'z' }), elementRow(2, { GlobalId: 'b' })] },
        context(a, 'Büro Ø 3'),
      );
      await store.projects.publish(project.id, a.version, summary(2));
      const m = await newVersion(project.id, 'mep');
      await store.rows.insertBatch(
        project.id,
        m.version,
        { elements: [elementRow(1, { GlobalId: 'a' })] },
        context(m, 'MEP'),
      );
      await store.projects.publish(project.id, m.version, summary(1));
      const streamed: Record<string, unknown>[] = [];
      // Optional version and model columns: the store types gain them with the SQLite feed across models.
      const stream = store.rows.streamElements as (
        projectId: string,
        version?: number,
      ) => AsyncIterable<Record<string, unknown>>;
      for await (const row of stream(project.id)) streamed.push(row);
      expect(streamed.map((r) => [r.Id, r.ModelId, r.VersionNumber, r.ChangedAt])).toEqual([
        [`${project.id}:b`, project.id, 1, a.createdAt],
        [`${project.id}:z`, project.id, 1, a.createdAt],
        ['mep:a', 'mep', 1, m.createdAt],
      ]);
    });
  });
