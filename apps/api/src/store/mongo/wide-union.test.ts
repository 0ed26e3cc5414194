import { randomUUID } from 'node:crypto';
import Database from 'libsql';
import mongoose from 'mongoose';
import { describeSkipped } from '../../../../../tools/test-support/skip-with-reason';
import { mongoSkipReason, mongoTestUri, uniqueDbName } from '../../test/mongo-test-uri';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import type { Store } from '../types';
import { createMongoStore } from './mongo-store';
import { sqliteNumberText, WIDE_UNIONS } from './wide-union';

describe('the text a number gets in a column two models disagree on', () => {
  it('is what SQLite writes for it, so both stores filter and sort it alike', () => {
    const db = new Database(':memory:');
    const sql = db.prepare(
      'SELECT CASE WHEN ?1 = CAST(?1 AS INTEGER) THEN CAST(CAST(?1 AS INTEGER) AS TEXT) ELSE CAST(?1 AS TEXT) END AS t',
    );
    const values = [
      3,
      -0,
      2.5,
      0.1 + 0.2,
      1 / 3,
      -1e-7,
      0.0001,
      123456.789,
      1e15,
      1e20,
      2 ** 63,
      -2.5e-300,
      2 ** 53 + 2,
    ];
    for (const v of values) expect([v, sqliteNumberText(v)]).toEqual([v, (sql.get(v) as { t: string }).t]);
    db.close();
  });
});

const title = 'MongoDB wide set of models that disagree on a column';
const uri = mongoTestUri;
if (!uri) describeSkipped(title, mongoSkipReason);
else
  describe(title, () => {
    const dbName = uniqueDbName('aec_union');
    let store: Store;
    let conn: mongoose.Connection;
    beforeAll(async () => {
      store = await createMongoStore(uri, { dbName });
      conn = await mongoose.createConnection(uri, { dbName }).asPromise();
    });
    afterAll(async () => {
      await store.close();
      await conn.dropDatabase();
      await conn.close();
    });

    it('keeps its joined copy while the project serves it, and drops it with the project', async () => {
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
      for (const [modelId, value, numeric] of [
        [projectId, '3', 3],
        [`m_${randomUUID()}`, 'large', null],
      ] as const) {
        if (modelId !== projectId) await store.models.create({ id: modelId, projectId, name: 'Other' });
        else await store.models.create({ id: modelId, projectId, name: 'First' });
        const v = await store.models.createVersion({
          projectId,
          modelId,
          fileName: 'x.ifc',
          fileSize: 1,
          uploaderId: null,
          schema: 'IFC4',
        });
        await store.rows.insertBatch(
          projectId,
          v.version,
          {
            elements: [elementRow(1)],
            properties: [propertyRow(1, { Value: value, NumericValue: numeric })],
          },
          { modelId, modelName: modelId, versionNumber: 1, changedAt: v.createdAt },
        );
        const summary = {
          elementCount: 1,
          propertyCount: 1,
          spatialCount: 0,
          countsByType: {},
          countsByStorey: {},
        };
        await store.projects.publish(projectId, v.version, { schema: 'IFC4', ...summary });
        await store.rows.buildWideElements(projectId, v.version);
        versions.push(v.version);
      }
      let served = await store.rows.servedWideCatalog(projectId, versions);
      for (let tries = 0; !served && tries < 600; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        served = await store.rows.servedWideCatalog(projectId, versions);
      }
      expect(served!.columns.map((c) => [c.name, c.type])).toEqual([
        ['Pset_WallCommon_FireRating', 'Edm.String'],
      ]);
      const collections = async () => (await conn.db!.listCollections().toArray()).map((c) => c.name);
      expect(await collections()).toContain(served!.table);
      expect(await store.projects.delete(projectId)).toBe(true);
      expect(await collections()).not.toContain(served!.table);
      expect(await conn.db!.collection(WIDE_UNIONS).countDocuments({ projectId })).toBe(0);
    });
  });
