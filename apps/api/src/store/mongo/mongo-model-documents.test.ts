import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { describeSkipped } from '../../../../../tools/test-support/skip-with-reason';
import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { mongoModelFixture } from '../../test/mongo-model-fixture';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import type { Store } from '../types';
import { createMongoStore } from './mongo-store';

/**
 * MongoDB documents around models: a project stored before models is adopted at start-up, the feed's Models and
 * Versions documents follow the records, and deleting the project removes its history.
 */
const title = 'MongoDB models and versions: documents';

if (!mongoTestUri) describeSkipped(title, mongoSkipReason);
else
  describe(title, () => {
    const m = mongoModelFixture('aec_model_docs');
    const { rowDocs, newProject, newVersion, publishedVersion, summary } = m;
    let store: Store, conn: mongoose.Connection, ownerId: string;
    beforeAll(() => {
      ({ store, conn, ownerId } = m);
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

    it('deleting the project removes its history', async () => {
      const project = await newProject();
      await publishedVersion(project.id, project.id, 1);
      await store.projects.delete(project.id);
      expect(await store.models.listVersions(project.id)).toEqual([]);
    });
  });
