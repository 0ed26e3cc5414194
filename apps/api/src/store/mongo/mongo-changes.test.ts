import { describeSkipped } from '../../../../../tools/test-support/skip-with-reason';
import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { mongoModelFixture } from '../../test/mongo-model-fixture';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import type { RowBatch, Store } from '../types';

/**
 * What MongoDB's change computation adds to the shared contract: it merges two sorted cursors and compares
 * properties by fingerprint, so the cases that exercise those paths are checked on the stored documents.
 */
const title = 'MongoDB change computation';

if (!mongoTestUri) describeSkipped(title, mongoSkipReason);
else
  describe(title, () => {
    const m = mongoModelFixture('aec_changes');
    let store: Store;
    beforeAll(() => {
      ({ store } = m);
    });
    const docs = (collection: string, projectId: string, version: number) =>
      m.conn
        .db!.collection(collection)
        .find({ projectId, version }, { projection: { _id: 0 } })
        .sort({ Id: 1 })
        .toArray();

    const version = (projectId: string, batch: RowBatch, changedAt?: string) =>
      m.upload(projectId, batch, { fileName: 'm.ifc', fileSize: 1, ...(changedAt ? { changedAt } : {}) });

    async function twoVersions() {
      const project = await m.newProject('Modell');
      const v1 = await version(
        project.id,
        {
          elements: [
            elementRow(1, { GlobalId: 'same', Storey: 'EG' }),
            elementRow(2, { GlobalId: 'renamed', Name: 'Wand' }),
            elementRow(3, { GlobalId: 'props', Storey: '+3.50' }),
            elementRow(4, { GlobalId: 'gone', IfcType: 'IfcDoor' }),
            elementRow(5, { GlobalId: 'reordered' }),
          ],
          properties: [
            propertyRow(1),
            propertyRow(3, { Value: 'F30' }),
            propertyRow(3, { PropertyName: 'Länge', Value: '2.5', Unit: 'm' }),
            propertyRow(5, { PropertyName: 'A', Value: '1' }),
            propertyRow(5, { PropertyName: 'B', Value: '2' }),
          ],
        },
        '2020-01-01T00:00:00.000Z',
      );
      // New ExpressIds throughout: elements are matched by GlobalId, not by ExpressId.
      const v2 = await version(project.id, {
        elements: [
          elementRow(11, { GlobalId: 'same', Storey: 'EG' }),
          elementRow(12, { GlobalId: 'renamed', Name: 'Wand Ø' }),
          elementRow(13, { GlobalId: 'props', Storey: '+3.50' }),
          elementRow(15, { GlobalId: 'reordered' }),
          elementRow(16, { GlobalId: 'new 東', Storey: null }),
        ],
        properties: [
          propertyRow(11),
          propertyRow(13, { Value: 'F90' }),
          propertyRow(13, { PropertyName: 'Breite', Value: '1' }),
          propertyRow(15, { PropertyName: 'B', Value: '2' }),
          propertyRow(15, { PropertyName: 'A', Value: '1' }),
        ],
      });
      return { projectId: project.id, v1, v2 };
    }

    it("computes one version's changes once when asked twice at once (a job's own step beside another instance's start-up pass)", async () => {
      const { projectId, v1, v2 } = await twoVersions();
      const [a, b] = await Promise.all([
        store.rows.computeChanges(projectId, v2.version, v1.version),
        store.rows.computeChanges(projectId, v2.version, v1.version),
      ]);
      expect(a).toMatchObject({
        status: 'ready',
        added: 1,
        removed: 1,
        modified: 2,
        propertyValuesChanged: 3,
      });
      expect(b).toEqual(a);
      expect(await docs('ifc_changes', projectId, v2.version)).toHaveLength(4);
      expect(await docs('ifc_property_changes', projectId, v2.version)).toHaveLength(3);
    });

    it('finds added, removed and modified elements with their column and property changes', async () => {
      const { projectId, v1, v2 } = await twoVersions();
      const summary = await store.rows.computeChanges(projectId, v2.version, v1.version);
      expect(summary).toEqual({
        status: 'ready',
        previousVersionNumber: 1,
        added: 1,
        removed: 1,
        modified: 2,
        propertyValuesChanged: 3,
        commonElements: 4,
        byType: {
          IfcWall: { added: 1, removed: 0, modified: 2 },
          IfcDoor: { added: 0, removed: 1, modified: 0 },
        },
        byStorey: {
          '': { added: 1, removed: 1, modified: 1 },
          '+3.50': { added: 0, removed: 0, modified: 1 },
        },
        error: null,
      });
      const prefix = `${projectId}:2:`;
      expect(
        (await docs('ifc_changes', projectId, v2.version)).map((c) => [
          c.Id,
          c.ChangeType,
          c.ChangedColumns,
          c.PropertyChangeCount,
          c.PreviousVersionNumber,
          c.ModelName,
        ]),
      ).toEqual([
        [`${prefix}gone`, 'Removed', '', 0, 1, 'Modell'],
        [`${prefix}new 東`, 'Added', '', 0, 1, 'Modell'],
        [`${prefix}props`, 'Modified', '', 3, 1, 'Modell'],
        [`${prefix}renamed`, 'Modified', 'Name', 0, 1, 'Modell'],
      ]);
      expect(
        (await docs('ifc_property_changes', projectId, v2.version)).map((p) => [
          p.Id,
          p.ChangeType,
          p.PropertyName,
          p.OldValue,
          p.NewValue,
        ]),
      ).toEqual([
        [`${prefix}props:1`, 'Modified', 'FireRating', 'F30', 'F90'],
        [`${prefix}props:2`, 'Added', 'Breite', null, '1'],
        [`${prefix}props:3`, 'Removed', 'Länge', '2.5', null],
      ]);
      // Unchanged elements keep the previous version's ChangedAt; changed ones carry this version's.
      const changedAt = Object.fromEntries(
        (await docs('ifc_elements', projectId, v2.version)).map((e) => [
          e.GlobalId,
          (e.ChangedAt as Date).toISOString(),
        ]),
      );
      expect(changedAt).toEqual({
        same: '2020-01-01T00:00:00.000Z',
        reordered: '2020-01-01T00:00:00.000Z',
        renamed: v2.createdAt,
        props: v2.createdAt,
        'new 東': v2.createdAt,
      });
    });

    it('a rerun replaces the earlier run’s rows; a cancelled run leaves none', async () => {
      const { projectId, v1, v2 } = await twoVersions();
      const first = await store.rows.computeChanges(projectId, v2.version, v1.version);
      expect(await store.rows.computeChanges(projectId, v2.version, v1.version)).toEqual(first);
      expect(await docs('ifc_changes', projectId, v2.version)).toHaveLength(4);
      expect(await docs('ifc_property_changes', projectId, v2.version)).toHaveLength(3);
      expect(
        await store.rows.computeChanges(projectId, v2.version, v1.version, { isCancelled: () => true }),
      ).toBeNull();
      expect(await docs('ifc_changes', projectId, v2.version)).toEqual([]);
      expect(await docs('ifc_property_changes', projectId, v2.version)).toEqual([]);
    });
  });
