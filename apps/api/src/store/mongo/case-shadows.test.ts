import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { columnOf, parseQueryOptions, validateQuery, type EntityModel } from '@aec/odata';
import { describeSkipped } from '../../../../../tools/test-support/skip-with-reason';
import { mongoSkipReason, mongoTestUri, uniqueDbName } from '../../test/mongo-test-uri';
import { elementRow, propertyRow } from '../../test/row-fixtures';
import { withWideElements } from '../feed-model';
import type { Store } from '../types';
import { createMongoStore } from './mongo-store';
import { mongoFeedModel } from './mongo-feed-reader';
import {
  CHANGE_TEXT,
  MODEL_VIEW_TEXT,
  PROJECT_TEXT,
  PROPERTY_CHANGE_TEXT,
  VERSION_TEXT,
} from './case-shadows';

const NAMES = ['Straße', 'STRASSE', 'ΟΔΟΣ Beam', 'İzmir Slab', 'plain'];
const title = 'MongoDB case-mapped copies of rows written before they existed';

/**
 * Rows stored by an earlier release have no case-mapped copies: the store fills them in when it opens, so
 * tolower/toupper filters find those rows too (the behaviour every store shares is odata-string-case.api.test.ts).
 */
const uri = mongoTestUri;
if (!uri) describeSkipped(title, mongoSkipReason);
else
  describe(title, () => {
    const dbName = uniqueDbName('aec_case');
    let store: Store;
    let conn: mongoose.Connection;
    const projectId = `p_${randomUUID()}`;
    let version = 0;

    /** Names of the rows of `set` matching `filter`, read through the feed as the OData routes do. */
    async function matching(
      set: string,
      filter: string,
      column = 'Name',
      model: EntityModel = store.feed.model,
    ) {
      const visible = [{ id: projectId, version, isPublic: false, stamp: 0 }];
      const query = validateQuery(parseQueryOptions(`$filter=${encodeURIComponent(filter)}`), model, set);
      const page = await store.feed.page({ entitySet: set, query, visible, model, limit: 100 });
      const out: string[] = [];
      for await (const row of page.rows) out.push((row as Record<string, string>)[column]!);
      return out.sort();
    }

    beforeAll(async () => {
      store = await createMongoStore(uri, { dbName });
      await store.projects.create({
        id: projectId,
        ownerId: null,
        isPublic: true,
        name: 'Straße rows',
        fileName: 'old.ifc',
        fileSize: 1,
        schema: 'IFC4',
      });
      version = await store.projects.nextVersion(projectId);
      await store.rows.insertBatch(projectId, version, {
        elements: NAMES.map((name, i) => elementRow(i + 1, { Name: name })),
        properties: NAMES.map((name, i) => propertyRow(i + 1, { PropertyName: 'Mark', Value: name })),
      });
      await store.projects.publish(projectId, version, {
        schema: 'IFC4',
        elementCount: NAMES.length,
        propertyCount: NAMES.length,
        spatialCount: 0,
        countsByType: {},
        countsByStorey: {},
      });
      await store.rows.buildWideElements(projectId, version);
      await store.close();
      // What an earlier release left: the same documents without the copies, and no record of the backfill.
      conn = await mongoose.createConnection(uri, { dbName }).asPromise();
      const db = conn.db!;
      for (const name of [
        'ifc_elements',
        'ifc_properties',
        'ifc_wide',
        'projects',
        'ifc_versions',
        'ifc_models',
      ])
        await db.collection(name).updateMany({}, { $unset: { '~lower': '', '~upper': '' } });
      await db.collection('ifc_store_migrations').deleteMany({});
      store = await createMongoStore(uri, { dbName });
    });
    afterAll(async () => {
      await store.close();
      await conn.dropDatabase();
      await conn.close();
    });

    it('finds the old rows by their JavaScript case mappings once the store has opened', async () => {
      const expected = NAMES.filter((n) => n.toUpperCase() === 'STRASSE').sort();
      expect(expected).toEqual(['STRASSE', 'Straße']);
      expect(await matching('IFCElements', "toupper(Name) eq 'STRASSE'")).toEqual(expected);
      expect(await matching('IFCProperties', "toupper(Value) eq 'STRASSE'", 'Value')).toEqual(expected);
      expect(await matching('IFCElements', "tolower(Name) eq 'οδος beam'")).toEqual(['ΟΔΟΣ Beam']);
      const catalog = await store.rows.wideCatalog(projectId, version);
      const wide = withWideElements(store.feed.model, catalog!);
      expect(
        await matching('IFCElementsWide', "startswith(tolower(Pset_WallCommon_Mark),'i̇z')", 'Name', wide),
      ).toEqual(['İzmir Slab']);
    });

    it('finds old projects, models, versions and rows by their model name’s JavaScript case mappings too', async () => {
      const upper = "toupper(Name) eq 'STRASSE ROWS'";
      expect(await matching('Projects', upper)).toEqual(['Straße rows']);
      expect(await matching('Models', upper)).toEqual(['Straße rows']);
      expect(await matching('Versions', "tolower(ModelName) eq 'straße rows'", 'ModelName')).toEqual([
        'Straße rows',
      ]);
      expect(await matching('IFCElements', "toupper(ModelName) eq 'STRASSE ROWS'")).toEqual(
        [...NAMES].sort(),
      );
    });

    it('fills the copies in once: the next start-up does not scan the rows again', async () => {
      const migrations = await conn.db!.collection('ifc_store_migrations').countDocuments();
      // The row columns' copies, then the other sets' and ModelName's (set-case-shadows-backfill.ts).
      expect(migrations).toBe(2);
      await conn.db!.collection('ifc_elements').updateMany({}, { $unset: { '~lower': '' } });
      await store.close();
      store = await createMongoStore(uri, { dbName });
      const without = await conn
        .db!.collection('ifc_elements')
        .countDocuments({ '~lower': { $exists: false } });
      expect(without).toBe(NAMES.length);
    });
  });

describe('the stored text fields given case-mapped copies', () => {
  it('are every text property of Projects, Models, Versions, IFCChanges and IFCPropertyChanges, as stored', () => {
    const textOf = (type: string) =>
      mongoFeedModel.entityTypes
        .find((t) => t.name === type)!
        .properties.filter((p) => p.type === 'Edm.String')
        .map((p) => {
          expect([type, p.name, p.caseColumns]).toEqual([type, p.name, expect.anything()]);
          return columnOf(p);
        });
    expect(textOf('Project')).toEqual([...PROJECT_TEXT]);
    expect(textOf('Model')).toEqual([...MODEL_VIEW_TEXT]);
    expect(textOf('Version')).toEqual([...VERSION_TEXT]);
    expect(textOf('IFCChange')).toEqual([...CHANGE_TEXT]);
    expect(textOf('IFCPropertyChange')).toEqual([...PROPERTY_CHANGE_TEXT]);
  });
});
