import pino from 'pino';
import { describeEachStore } from '../../../test/store-fixtures';
import { elementRow, propertyRow } from '../../../test/row-fixtures';
import type { Store } from '../../../store/types';
import { completePublishedPreparation } from './complete-preparation';

const logger = pino({ level: 'silent' });

describeEachStore('start-up completion of published versions', (target) => {
  let store: Store;
  beforeEach(async () => {
    store = await target.open();
  });
  afterEach(async () => {
    await target.dispose(store);
  });

  const newOwner = (username: string) =>
    store.users.create({ username, email: `${username}@example.com`, passwordHash: 'x' });

  /** A ready project whose post-publish step never ran (as after a shutdown in the middle of it). */
  async function publishedUnprepared(id: string, ownerId: string) {
    await store.projects.create({
      id,
      ownerId,
      isPublic: false,
      name: id,
      fileName: `${id}.ifc`,
      fileSize: 1,
      schema: 'IFC4',
    });
    const version = await store.projects.nextVersion(id);
    await store.rows.insertBatch(id, version, {
      elements: [elementRow(1), elementRow(2, { IfcType: 'IfcSlab' })],
      properties: [propertyRow(1), propertyRow(2, { PropertyName: 'LoadBearing', Value: 'true' })],
    });
    await store.projects.publish(id, version, {
      schema: 'IFC4',
      elementCount: 2,
      propertyCount: 2,
      spatialCount: 0,
      countsByType: { IfcWall: 1, IfcSlab: 1 },
      countsByStorey: {},
    });
    return version;
  }

  it('prepares every published version that lacks it, once, and leaves unpublished ones alone', async () => {
    const owner = await newOwner('prep');
    const a = await publishedUnprepared('proj_prep_a', owner.id);
    const b = await publishedUnprepared('proj_prep_b', owner.id);
    await store.projects.create({
      id: 'proj_prep_pending',
      ownerId: owner.id,
      isPublic: false,
      name: 'pending',
      fileName: 'p.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    expect(await store.rows.publishedAwaitingPreparation()).toEqual([
      { projectId: 'proj_prep_a', version: a },
      { projectId: 'proj_prep_b', version: b },
    ]);

    expect(await completePublishedPreparation(store, logger).done).toBe(2);
    expect(await store.rows.publishedAwaitingPreparation()).toEqual([]);
    const catalog = await store.rows.wideCatalog('proj_prep_a', a);
    expect(catalog?.columns.map((c) => [c.name, c.type])).toEqual([
      ['Pset_WallCommon_FireRating', 'Edm.String'],
      ['Pset_WallCommon_LoadBearing', 'Edm.Boolean'],
    ]);
    expect(await completePublishedPreparation(store, logger).done).toBe(0);
  });

  it('leaves a version its job (or another instance) prepared after the pass listed it, without building it again', async () => {
    const owner = await newOwner('prep3');
    const e = await publishedUnprepared('proj_prep_e', owner.id);
    const f = await publishedUnprepared('proj_prep_f', owner.id);
    const listed = await store.rows.publishedAwaitingPreparation();
    // The job that published e builds its set while the pass starts.
    await store.rows.buildWideElements('proj_prep_e', e);
    jest.spyOn(store.rows, 'publishedAwaitingPreparation').mockResolvedValue(listed);
    const build = jest.spyOn(store.rows, 'buildWideElements');
    expect(await completePublishedPreparation(store, logger).done).toBe(1);
    expect(build.mock.calls.map(([projectId, version]) => [projectId, version])).toEqual([
      ['proj_prep_f', f],
    ]);
  });

  it('leaves a version whose own post-publish step runs in this process to it (the demo at first start)', async () => {
    const owner = await newOwner('prep4');
    const g = await publishedUnprepared('proj_prep_g', owner.id);
    const h = await publishedUnprepared('proj_prep_h', owner.id);
    const build = jest.spyOn(store.rows, 'buildWideElements');
    const preparing = (projectId: string, version: number) => projectId === 'proj_prep_g' && version === g;
    expect(await completePublishedPreparation(store, logger, preparing).done).toBe(1);
    expect(build.mock.calls.map(([projectId, version]) => [projectId, version])).toEqual([
      ['proj_prep_h', h],
    ]);
    expect(await store.rows.publishedAwaitingPreparation()).toEqual([
      { projectId: 'proj_prep_g', version: g },
    ]);
  });

  it('stops between versions when the server shuts down', async () => {
    const owner = await newOwner('prep2');
    await publishedUnprepared('proj_prep_c', owner.id);
    await publishedUnprepared('proj_prep_d', owner.id);
    const pass = completePublishedPreparation(store, logger);
    await pass.stop();
    expect((await store.rows.publishedAwaitingPreparation()).length).toBeGreaterThanOrEqual(1);
  });
});
