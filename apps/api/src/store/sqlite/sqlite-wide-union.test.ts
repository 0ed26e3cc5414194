import { randomUUID } from 'node:crypto';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import type { PropertyRow } from '../types';
import { createSqliteStore } from './sqlite-store';
import { parseODataQuery } from '@aec/odata';
import { withWideElements } from '../feed-model';
import { WIDE_ENTITY_SET } from '../wide-columns';

describe('SQLite wide set over several models', () => {
  it('one column per property of any model, text where the models disagree on its type', async () => {
    const store = createSqliteStore({ file: ':memory:' });
    const projectId = `p_${randomUUID()}`;
    await store.projects.create({
      id: projectId,
      ownerId: null,
      isPublic: true,
      name: 'Union',
      fileName: 'a.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    const versions: number[] = [];
    const upload = async (modelId: string, properties: PropertyRow[]) => {
      await store.models.create({ id: modelId, projectId, name: modelId });
      const v = await store.models.createVersion({
        projectId,
        modelId,
        fileName: `${modelId}.ifc`,
        fileSize: 1,
        uploaderId: null,
        schema: 'IFC4',
      });
      await store.rows.insertBatch(
        projectId,
        v.version,
        { elements: [elementRow(1)], properties },
        { modelId, modelName: modelId, versionNumber: 1, changedAt: v.createdAt },
      );
      const summary = { elementCount: 1, propertyCount: properties.length, spatialCount: 0 };
      await store.projects.publish(projectId, v.version, {
        schema: 'IFC4',
        ...summary,
        countsByType: {},
        countsByStorey: {},
      });
      await store.rows.buildWideElements(projectId, v.version);
      versions.push(v.version);
    };
    const size = (value: string, numeric: number | null) =>
      propertyRow(1, { SetName: 'Dims', PropertyName: 'Size', Value: value, NumericValue: numeric });
    await upload(`a_${randomUUID()}`, [
      size('3', 3),
      propertyRow(1, { SetName: 'Dims', PropertyName: 'Flag', Value: 'true' }),
      propertyRow(1, { SetName: 'Dims', PropertyName: 'Ratio', Value: '0.5', NumericValue: 0.5 }),
    ]);
    await upload(`b_${randomUUID()}`, [
      size('large', null),
      propertyRow(1, { SetName: 'Dims', PropertyName: 'Ratio', Value: '2.25', NumericValue: 2.25 }),
    ]);
    const served = (await store.rows.servedWideCatalog(projectId, versions))!;
    expect(served.columns.map((c) => [c.name, c.type])).toEqual([
      ['Dims_Flag', 'Edm.Boolean'],
      ['Dims_Ratio', 'Edm.Double'],
      ['Dims_Size', 'Edm.String'],
    ]);
    // The same project state finds the same view.
    expect((await store.rows.servedWideCatalog(projectId, versions))!.table).toBe(served.table);
    const visible = await store.feed.visibleVersions({ userId: null, projectIds: [projectId] });
    expect(visible).toHaveLength(2);
    const model = withWideElements(store.feed.model, served);
    const page = store.feed.page({
      entitySet: WIDE_ENTITY_SET,
      query: parseODataQuery('$select=ModelId,Dims_Flag,Dims_Ratio,Dims_Size', model, WIDE_ENTITY_SET),
      visible,
      model,
    });
    const columns = page.rowColumns!;
    const rows = [...(page.rows as unknown[][])].map((row) =>
      ['Dims_Flag', 'Dims_Ratio', 'Dims_Size'].map((c) => row[columns.indexOf(c)]),
    );
    // Model a's number 3 becomes the text '3' beside model b's 'large'; b has no Flag.
    expect(rows).toEqual(
      expect.arrayContaining([
        [1, 0.5, '3'],
        [null, 2.25, 'large'],
      ]),
    );
    expect(rows).toHaveLength(2);
    await store.close();
  });
});
