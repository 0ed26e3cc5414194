import { randomUUID } from 'node:crypto';
import { storeTargets } from '../../test/store-fixtures';
import { elementRow, spatialRow } from '../../test/row-fixtures';
import type { PublishSummary, Store } from '../types';

/**
 * What the MongoDB adapter adds to the shared contract because it has no transactions and no foreign keys: the
 * orderings and checks that stand in for them.
 */
const target = storeTargets.find((t) => t.name === 'mongodb')!;
const title = 'MongoDB adapter specifics';
// Skipped for a stated reason when no MongoDB-compatible server is reachable, as the contract suites are.
const describeMongo = target.skipReason ? describe.skip : describe;
if (target.skipReason) console.warn(`[mongodb] ${title}: skipped — ${target.skipReason}`);

describeMongo(target.skipReason ? `${title} — skipped: ${target.skipReason}` : title, () => {
  let store: Store;
  let ownerId: string;
  beforeAll(async () => {
    store = await target.open();
    ownerId = (
      await store.users.create({
        username: `o_${randomUUID().slice(0, 8)}`,
        email: `${randomUUID()}@x.io`,
        passwordHash: 'h',
      })
    ).id;
  });
  afterAll(() => target.dispose(store));

  const newProject = (owner: string | null = ownerId) =>
    store.projects.create({
      id: `p_${randomUUID()}`,
      ownerId: owner,
      isPublic: owner === null,
      name: 'Model',
      fileName: 'model.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
  const summary = (elementCount: number, countsByStorey: Record<string, number> = {}): PublishSummary => ({
    schema: 'IFC2X3',
    elementCount,
    propertyCount: 0,
    spatialCount: 0,
    countsByType: { IfcWall: elementCount },
    countsByStorey,
  });

  it('lists projects and jobs created in the same millisecond in creation order', async () => {
    const user = await store.users.create({
      username: `t_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@x.io`,
      passwordHash: 'h',
    });
    // Only Date is frozen: the driver's timers keep running.
    jest.useFakeTimers({
      now: new Date('2030-01-01T00:00:00.000Z'),
      doNotFake: [
        'nextTick',
        'setImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    try {
      const ids: string[] = [];
      const jobIds: string[] = [];
      for (let i = 0; i < 6; i++) {
        const project = await newProject(user.id);
        ids.push(project.id);
        const job = await store.jobs.create({
          id: `j_${randomUUID()}`,
          projectId: project.id,
          ownerId: user.id,
          version: 1,
          filePath: '/tmp/x.ifc',
        });
        jobIds.push(job.id);
      }
      const listed = await store.projects.listByOwner(user.id);
      expect(new Set(listed.map((p) => p.createdAt)).size).toBe(1);
      expect(listed.map((p) => p.id)).toEqual([...ids].reverse());
      expect((await store.jobs.listByOwner(user.id, 4)).map((j) => j.id)).toEqual(jobIds.slice(2).reverse());
      const queued = (await store.jobs.listByStatus(['queued'])).map((j) => j.id);
      expect(queued.filter((id) => jobIds.includes(id))).toEqual(jobIds);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps count keys that are not valid field names (dots, a leading $)', async () => {
    const project = await newProject();
    const v = await store.projects.nextVersion(project.id);
    const storeys = { '+3.50 Roof': 2, $basement: 1, 'a.b.c': 4, '': 1 };
    await store.projects.publish(project.id, v, summary(8, storeys));
    expect(await store.projects.findById(project.id)).toMatchObject({
      countsByStorey: storeys,
      schema: 'IFC2X3',
    });
  });

  it('publishing keeps a newer unpublished version and never moves the visible version back', async () => {
    const project = await newProject();
    const v1 = await store.projects.nextVersion(project.id);
    const v2 = await store.projects.nextVersion(project.id);
    const v3 = await store.projects.nextVersion(project.id);
    for (const v of [v1, v2, v3]) await store.rows.insertBatch(project.id, v, { elements: [elementRow(v)] });
    await store.projects.publish(project.id, v2, summary(1));
    // v3 belongs to a job still writing; v1 is older than the visible version, kept as history (no retention).
    expect(await store.rows.countElements(project.id, v1)).toBe(1);
    expect(await store.rows.countElements(project.id, v3)).toBe(1);
    await store.projects.publish(project.id, v3, summary(1));
    // A stale job publishing v2 late changes nothing visible.
    await store.projects.publish(project.id, v2, summary(5));
    expect(await store.projects.findById(project.id)).toMatchObject({ version: v3, elementCount: 1 });
    expect(await store.rows.countElements(project.id, v3)).toBe(1);
  });

  it('refuses rows of a deleted project and leaves none behind', async () => {
    const project = await newProject();
    const v = await store.projects.nextVersion(project.id);
    await store.projects.delete(project.id);
    await expect(
      store.rows.insertBatch(project.id, v, { elements: [elementRow(1)], spatial: [spatialRow(2)] }),
    ).rejects.toThrow(/does not exist/);
    expect(await store.rows.countAll(project.id, v)).toEqual({ elements: 0, properties: 0, spatial: 0 });
  });

  it('refuses a job of an unknown project and a project of an unknown owner, keeping neither', async () => {
    const jobId = `j_${randomUUID()}`;
    await expect(
      store.jobs.create({ id: jobId, projectId: 'missing', ownerId, version: 1, filePath: '/tmp/x.ifc' }),
    ).rejects.toThrow(/does not exist/);
    expect(await store.jobs.findById(jobId)).toBeNull();
    const id = `p_${randomUUID()}`;
    await expect(
      store.projects.create({
        id,
        ownerId: 'gone',
        isPublic: false,
        name: 'n',
        fileName: 'f',
        fileSize: 1,
        schema: null,
      }),
    ).rejects.toThrow(/does not exist/);
    expect(await store.projects.findById(id)).toBeNull();
  });

  it('a public project without owner is kept when users are deleted', async () => {
    const project = await newProject(null);
    const user = await store.users.create({
      username: `d_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@x.io`,
      passwordHash: 'h',
    });
    await store.users.delete(user.id);
    expect(await store.projects.findById(project.id)).toMatchObject({ ownerId: null, isPublic: true });
  });
});
