import { randomUUID } from 'node:crypto';
import { describeSkipped } from '../../../../../tools/test-support/skip-with-reason';
import mongoose from 'mongoose';
import { mongoSkipReason, mongoTestUri, uniqueDbName } from '../../test/mongo-test-uri';
import { elementRow, propertyRow, spatialRow } from '../../test/row-fixtures';
import type { ChangeSummary, PublishSummary, Store } from '../types';
import { createMongoStore } from './mongo-store';

/**
 * Living models (issue 15) on MongoDB: models inside the project document, versions in ifc_versions, publish /
 * rollback / model removal as one guarded project update, retention pruning rows but keeping history.
 */
const title = 'MongoDB models and versions';

if (!mongoTestUri) describeSkipped(title, mongoSkipReason);
else
  describe(title, () => {
    let store: Store;
    /** The same database, read directly: row documents carry fields the store does not return. */
    let conn: mongoose.Connection;
    let ownerId: string;
    beforeAll(async () => {
      const dbName = uniqueDbName('aec_models');
      store = await createMongoStore(mongoTestUri!, { dbName });
      conn = await mongoose.createConnection(mongoTestUri!, { dbName }).asPromise();
      ownerId = (
        await store.users.create({
          username: `m_${randomUUID().slice(0, 8)}`,
          email: `${randomUUID()}@x.io`,
          passwordHash: 'h',
        })
      ).id;
    });
    afterAll(async () => {
      await store.close();
      await conn.dropDatabase();
      await conn.close();
    });
    const rowDocs = (collection: string, projectId: string, version: number) =>
      conn
        .db!.collection(collection)
        .find({ projectId, version }, { projection: { _id: 0 } })
        .toArray();

    const summary = (elementCount: number, type = 'IfcWall', storey = 'Level 1'): PublishSummary => ({
      schema: 'IFC4',
      elementCount,
      propertyCount: elementCount * 2,
      spatialCount: 1,
      countsByType: { [type]: elementCount },
      countsByStorey: { [storey]: elementCount },
    });
    async function newProject(name = 'Büro Ø 3') {
      const project = await store.projects.create({
        id: `p_${randomUUID()}`,
        ownerId,
        isPublic: false,
        name,
        fileName: 'arch.ifc',
        fileSize: 10,
        schema: 'IFC4',
      });
      await store.models.create({ id: project.id, projectId: project.id, name });
      return project;
    }
    const newVersion = (projectId: string, modelId: string, fileName = 'a.ifc') =>
      store.models.createVersion({
        projectId,
        modelId,
        fileName,
        fileSize: 5,
        uploaderId: ownerId,
        schema: 'IFC4',
      });
    /** A version with `n` elements written and published. */
    async function publishedVersion(projectId: string, modelId: string, n: number, type = 'IfcWall') {
      const v = await newVersion(projectId, modelId, `${modelId}-${n}.ifc`);
      const elements = Array.from({ length: n }, (_, i) => elementRow(i + 1, { IfcType: type }));
      await store.rows.insertBatch(projectId, v.version, { elements, properties: [propertyRow(1)] });
      await store.projects.publish(projectId, v.version, summary(n, type));
      return v;
    }
    const stamp = async (id: string) => (await store.projects.findById(id))!.processedAt;

    it('creates models in order, refuses a duplicate id and an unknown project', async () => {
      const project = await newProject();
      await store.models.create({ id: 'm-façade', projectId: project.id, name: 'Façade 東' });
      expect(
        (await store.models.listByProject(project.id)).map((m) => [m.id, m.name, m.publishedVersion]),
      ).toEqual([
        [project.id, 'Büro Ø 3', 0],
        ['m-façade', 'Façade 東', 0],
      ]);
      expect(await store.models.findById(project.id, 'm-façade')).toMatchObject({ projectId: project.id });
      expect(await store.models.findById(project.id, 'nope')).toBeNull();
      await expect(store.models.create({ id: 'm-façade', projectId: project.id, name: 'x' })).rejects.toThrow(
        /duplicate/,
      );
      await expect(store.models.create({ id: 'm', projectId: 'missing', name: 'x' })).rejects.toThrow(
        /does not exist/,
      );
      expect(await store.models.listByProject('missing')).toEqual([]);
    });

    it('numbers versions per model and gives every version its own row version', async () => {
      const project = await newProject();
      await store.models.create({ id: 'mep', projectId: project.id, name: 'MEP' });
      const a1 = await newVersion(project.id, project.id);
      const b1 = await newVersion(project.id, 'mep');
      const a2 = await newVersion(project.id, project.id);
      const plain = await store.projects.nextVersion(project.id);
      expect([a1.number, b1.number, a2.number]).toEqual([1, 1, 2]);
      expect(new Set([a1.version, b1.version, a2.version, plain]).size).toBe(4);
      expect(a1).toMatchObject({
        status: 'queued',
        retained: true,
        changes: null,
        warnings: [],
        uploaderId: ownerId,
      });
      expect(await store.models.findVersionByRowVersion(project.id, b1.version)).toMatchObject({
        modelId: 'mep',
        number: 1,
      });
      expect((await store.models.listVersions(project.id, project.id)).map((v) => v.number)).toEqual([2, 1]);
      expect(await store.models.listVersions(project.id)).toHaveLength(3);
      await expect(newVersion(project.id, 'nope')).rejects.toThrow(/does not exist/);
    });

    it('publishes per model: sums over the models, keeps older rows, moves the stamp every time', async () => {
      const project = await newProject();
      await store.models.create({ id: 'mep', projectId: project.id, name: 'MEP' });
      const a1 = await publishedVersion(project.id, project.id, 3);
      const first = await stamp(project.id);
      await publishedVersion(project.id, 'mep', 2, 'IfcPipeSegment');
      const second = await stamp(project.id);
      const a2 = await publishedVersion(project.id, project.id, 4);
      const third = await stamp(project.id);
      expect(Date.parse(second!)).toBeGreaterThan(Date.parse(first!));
      expect(Date.parse(third!)).toBeGreaterThan(Date.parse(second!));
      expect(await store.projects.findById(project.id)).toMatchObject({
        status: 'ready',
        elementCount: 6,
        propertyCount: 12,
        countsByType: { IfcWall: 4, IfcPipeSegment: 2 },
        countsByStorey: { 'Level 1': 6 },
        fileName: `${project.id}-4.ifc`,
        retention: null,
      });
      expect((await store.models.findById(project.id, project.id))!.publishedVersion).toBe(a2.version);
      // Retention null keeps every version's rows.
      expect(await store.rows.countElements(project.id, a1.version)).toBe(3);
      expect(await store.models.findVersion(project.id, project.id, 1)).toMatchObject({
        status: 'ready',
        elementCount: 3,
        retained: true,
      });
      expect((await store.models.findVersion(project.id, project.id, 2))!.processedAt).not.toBeNull();
    });

    it('a late publish of an older version keeps the newer one visible', async () => {
      const project = await newProject();
      const a1 = await newVersion(project.id, project.id);
      const a2 = await publishedVersion(project.id, project.id, 2);
      await store.rows.insertBatch(project.id, a1.version, { elements: [elementRow(1)] });
      await store.projects.publish(project.id, a1.version, summary(1));
      expect((await store.models.findById(project.id, project.id))!.publishedVersion).toBe(a2.version);
      expect(await store.projects.findById(project.id)).toMatchObject({
        elementCount: 2,
        version: a2.version,
      });
    });

    it('retention prunes the oldest rows, keeps their history and always the published version', async () => {
      const project = await newProject();
      const v1 = await publishedVersion(project.id, project.id, 1);
      const v2 = await publishedVersion(project.id, project.id, 2);
      await store.projects.setRetention(project.id, 2);
      expect((await store.projects.findById(project.id))!.retention).toBe(2);
      const v3 = await publishedVersion(project.id, project.id, 3);
      expect(await store.rows.countAll(project.id, v1.version)).toEqual({
        elements: 0,
        properties: 0,
        spatial: 0,
      });
      expect(await store.rows.countElements(project.id, v2.version)).toBe(2);
      expect((await store.models.listVersions(project.id)).map((v) => [v.number, v.retained])).toEqual([
        [3, true],
        [2, true],
        [1, false],
      ]);
      expect(await store.models.rollback(project.id, project.id, 1)).toBe(false);
      // Rolled back to 2, then retention 1: the published version 2 stays, so does the newest (3).
      expect(await store.models.rollback(project.id, project.id, 2)).toBe(true);
      await store.projects.setRetention(project.id, 1);
      expect(await store.rows.countElements(project.id, v2.version)).toBe(2);
      expect(await store.rows.countElements(project.id, v3.version)).toBe(3);
    });

    it('rolls back to a retained ready version with its aggregates and a new stamp', async () => {
      const project = await newProject();
      const v1 = await publishedVersion(project.id, project.id, 1, 'IfcDoor');
      await publishedVersion(project.id, project.id, 5);
      const queued = await newVersion(project.id, project.id);
      const before = await stamp(project.id);
      expect(await store.models.rollback(project.id, project.id, queued.number)).toBe(false);
      expect(await store.models.rollback(project.id, project.id, 9)).toBe(false);
      expect(await store.models.rollback(project.id, project.id, 1)).toBe(true);
      expect(await store.projects.findById(project.id)).toMatchObject({
        elementCount: 1,
        countsByType: { IfcDoor: 1 },
        fileName: `${project.id}-1.ifc`,
      });
      expect(Date.parse((await stamp(project.id))!)).toBeGreaterThan(Date.parse(before!));
      expect((await store.models.findById(project.id, project.id))!.publishedVersion).toBe(v1.version);
    });

    it('deletes a version that is not published, never the published one', async () => {
      const project = await newProject();
      const v1 = await publishedVersion(project.id, project.id, 1);
      const v2 = await publishedVersion(project.id, project.id, 2);
      expect(await store.models.deleteVersion(project.id, project.id, 2)).toBe(false);
      expect(await store.models.findVersion(project.id, project.id, 2)).toMatchObject({ retained: true });
      expect(await store.models.deleteVersion(project.id, project.id, 1)).toBe(true);
      expect(await store.models.findVersion(project.id, project.id, 1)).toBeNull();
      expect(await store.rows.countAll(project.id, v1.version)).toEqual({
        elements: 0,
        properties: 0,
        spatial: 0,
      });
      expect(await store.rows.countElements(project.id, v2.version)).toBe(2);
      expect(await store.models.deleteVersion(project.id, project.id, 1)).toBe(false);
      // Numbers are never reused.
      expect((await newVersion(project.id, project.id)).number).toBe(3);
    });

    it('renames a model and deletes one with its versions, rows and share of the aggregates', async () => {
      const project = await newProject();
      await store.models.create({ id: 'str', projectId: project.id, name: 'Structure' });
      await publishedVersion(project.id, project.id, 2);
      const s1 = await publishedVersion(project.id, 'str', 3, 'IfcBeam');
      expect(await store.models.rename(project.id, 'str', 'Tragwerk « β »')).toBe(true);
      expect(await store.models.rename(project.id, 'nope', 'x')).toBe(false);
      expect((await store.models.findById(project.id, 'str'))!.name).toBe('Tragwerk « β »');
      const before = await stamp(project.id);
      expect(await store.models.delete(project.id, 'str')).toBe(true);
      expect(await store.models.delete(project.id, 'str')).toBe(false);
      expect(await store.projects.findById(project.id)).toMatchObject({
        elementCount: 2,
        countsByType: { IfcWall: 2 },
      });
      expect(Date.parse((await stamp(project.id))!)).toBeGreaterThan(Date.parse(before!));
      expect(await store.rows.countElements(project.id, s1.version)).toBe(0);
      expect(await store.models.listVersions(project.id, 'str')).toEqual([]);
      expect((await store.models.listByProject(project.id)).map((m) => m.id)).toEqual([project.id]);
    });

    it('keeps version outcomes and change summaries, storey names with dots included', async () => {
      const project = await newProject();
      const v = await newVersion(project.id, project.id);
      const changes: ChangeSummary = {
        status: 'ready',
        previousVersionNumber: 1,
        added: 1,
        removed: 2,
        modified: 3,
        propertyValuesChanged: 4,
        commonElements: 5,
        byType: { IfcWall: { added: 1, removed: 2, modified: 3 } },
        byStorey: {
          '+3.50 Roof': { added: 1, removed: 0, modified: 0 },
          '': { added: 0, removed: 2, modified: 3 },
        },
        error: null,
      };
      await store.models.updateVersion(project.id, v.version, {
        status: 'failed',
        error: 'bad file',
        processingMs: 12,
        warnings: ['Schema changed from IFC2X3 to IFC4'],
        changes,
      });
      expect(await store.models.findVersion(project.id, project.id, v.number)).toMatchObject({
        status: 'failed',
        error: 'bad file',
        processingMs: 12,
        warnings: ['Schema changed from IFC2X3 to IFC4'],
        changes,
      });
    });

    it('a version published without a record becomes version 1 of the default model', async () => {
      const project = await store.projects.create({
        id: `p_${randomUUID()}`,
        ownerId,
        isPublic: false,
        name: 'Legacy',
        fileName: 'legacy.ifc',
        fileSize: 10,
        schema: 'IFC2X3',
      });
      const v = await store.projects.nextVersion(project.id);
      await store.rows.insertBatch(project.id, v, { elements: [elementRow(1)] });
      await store.projects.publish(project.id, v, summary(1));
      expect(await store.models.listByProject(project.id)).toMatchObject([
        { id: project.id, name: 'Legacy', publishedVersion: v },
      ]);
      expect(await store.models.findVersionByRowVersion(project.id, v)).toMatchObject({
        number: 1,
        fileName: 'legacy.ifc',
        status: 'ready',
      });
      expect((await newVersion(project.id, project.id)).number).toBe(2);
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

    it('start-up gives a project from before models its default model, version 1 and row columns', async () => {
      const project = await store.projects.create({
        id: `p_${randomUUID()}`,
        ownerId,
        isPublic: false,
        name: 'Alt ü',
        fileName: 'old.ifc',
        fileSize: 3,
        schema: 'IFC2X3',
      });
      const v = await store.projects.nextVersion(project.id);
      await store.rows.insertBatch(project.id, v, {
        elements: [elementRow(7)],
        properties: [propertyRow(7)],
      });
      await store.projects.publish(project.id, v, summary(1));
      // Back to the shape an older build wrote: no models, no history, rows without model columns.
      await conn
        .db!.collection('projects')
        .updateOne({ _id: project.id as never }, { $unset: { models: 1, rev: 1 } });
      await conn.db!.collection('ifc_versions').deleteMany({ projectId: project.id });
      const legacyFields = { ModelId: 1, ModelName: 1, VersionNumber: 1, ChangedAt: 1 };
      for (const c of ['ifc_elements', 'ifc_properties'])
        await conn.db!.collection(c).updateMany({ projectId: project.id }, { $unset: legacyFields });
      const processedAt = (await store.projects.findById(project.id))!.processedAt!;

      const reopened = await createMongoStore(mongoTestUri!, { dbName: conn.name });
      try {
        expect(await reopened.models.listByProject(project.id)).toMatchObject([
          { id: project.id, name: 'Alt ü', publishedVersion: v },
        ]);
        expect(await reopened.models.findVersion(project.id, project.id, 1)).toMatchObject({
          version: v,
          status: 'ready',
          elementCount: 1,
          fileName: 'old.ifc',
        });
        expect(await rowDocs('ifc_elements', project.id, v)).toMatchObject([
          {
            Id: `${project.id}:0000000007`,
            ModelId: project.id,
            ModelName: 'Alt ü',
            VersionNumber: 1,
            ChangedAt: new Date(processedAt),
          },
        ]);
        expect(await rowDocs('ifc_properties', project.id, v)).toMatchObject([{ ModelId: project.id }]);
        expect((await newVersion(project.id, project.id)).number).toBe(2);
      } finally {
        await reopened.close();
      }
    });

    it('keeps the feed’s Models documents and derived Versions fields in step with the records', async () => {
      const project = await newProject();
      await store.models.create({ id: 'mep', projectId: project.id, name: 'MEP' });
      const v1 = await publishedVersion(project.id, project.id, 1);
      const v2 = await publishedVersion(project.id, project.id, 2);
      await store.models.updateVersion(project.id, v2.version, {
        processingMs: 1500,
        changes: {
          status: 'ready',
          previousVersionNumber: 1,
          added: 1,
          removed: 0,
          modified: 2,
          propertyValuesChanged: 3,
          commonElements: 1,
          byType: {},
          byStorey: {},
          error: null,
        },
      });
      await store.models.rename(project.id, project.id, 'Umbenannt ä');
      const view = (c: string, filter: Record<string, unknown>) =>
        conn
          .db!.collection(c)
          .find(filter, { projection: { _id: 0 } })
          .sort({ ModelId: 1, number: 1 })
          .toArray();
      expect(await view('ifc_models', { projectId: project.id })).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            ModelId: project.id,
            Name: 'Umbenannt ä',
            LatestVersionNumber: 2,
            VersionCount: 2,
          }),
          expect.objectContaining({
            ModelId: 'mep',
            Name: 'MEP',
            LatestVersionNumber: null,
            VersionCount: 0,
          }),
        ]),
      );
      expect(await view('ifc_versions', { projectId: project.id })).toMatchObject([
        { number: 1, ModelName: 'Umbenannt ä', IsLatest: false, Added: null },
        {
          number: 2,
          ModelName: 'Umbenannt ä',
          IsLatest: true,
          ProcessingSeconds: 1.5,
          Added: 1,
          Modified: 2,
        },
      ]);
      await store.models.rollback(project.id, project.id, v1.number);
      expect((await view('ifc_versions', { projectId: project.id })).map((v) => v.IsLatest)).toEqual([
        true,
        false,
      ]);
      await store.models.delete(project.id, 'mep');
      expect((await view('ifc_models', { projectId: project.id })).map((m) => m.ModelId)).toEqual([
        project.id,
      ]);
      await store.projects.delete(project.id);
      expect(await view('ifc_models', { projectId: project.id })).toEqual([]);
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

    it('deleting the project removes its history', async () => {
      const project = await newProject();
      await publishedVersion(project.id, project.id, 1);
      await store.projects.delete(project.id);
      expect(await store.models.listVersions(project.id)).toEqual([]);
    });
  });
