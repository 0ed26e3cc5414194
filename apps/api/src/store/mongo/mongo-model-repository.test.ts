import { randomUUID } from 'node:crypto';
import { mongo } from 'mongoose';
import { describeSkipped } from '../../../../../tools/test-support/skip-with-reason';
import { mongoSkipReason, mongoTestUri } from '../../test/mongo-test-uri';
import { mongoModelFixture } from '../../test/mongo-model-fixture';
import { elementRow } from '../../test/row-fixtures';
import type { ChangeSummary, Store } from '../types';

/**
 * Living models (issue 15) on MongoDB: models inside the project document, versions in ifc_versions, publish /
 * rollback / model removal as one guarded project update, retention pruning rows but keeping history. Rows:
 * mongo-model-rows.test.ts; documents from older builds and the feed's views: mongo-model-documents.test.ts.
 */
const title = 'MongoDB models and versions';

if (!mongoTestUri) describeSkipped(title, mongoSkipReason);
else
  describe(title, () => {
    const m = mongoModelFixture('aec_models');
    const { newProject, newVersion, publishedVersion, summary, stamp } = m;
    let store: Store, ownerId: string;
    beforeAll(() => {
      ({ store, ownerId } = m);
    });

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
      // Retention waits for the snapshot window after the switch (issue 19.2): the sweep past it prunes.
      expect(await store.rows.countElements(project.id, v1.version)).toBe(1);
      await store.pruneSuperseded(Date.now() + 31 * 60_000);
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
      await store.pruneSuperseded(Date.now() + 31 * 60_000);
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

    it('refuses the published version without ever marking its record unretained', async () => {
      // A stop between such a mark and its undoing would leave the served version looking pruned to the feed.
      const project = await newProject();
      await publishedVersion(project.id, project.id, 1);
      const v2 = await publishedVersion(project.id, project.id, 2);
      const updates = jest.spyOn(mongo.Collection.prototype, 'updateOne');
      try {
        expect(await store.models.deleteVersion(project.id, project.id, 2)).toBe(false);
        const versionWrites = updates.mock.calls.filter(
          ([filter]) => (filter as { projectId?: string }).projectId === project.id,
        );
        expect(versionWrites).toEqual([]);
      } finally {
        updates.mockRestore();
      }
      expect(await store.models.findVersion(project.id, project.id, 2)).toMatchObject({ retained: true });
      expect(await store.rows.countElements(project.id, v2.version)).toBe(2);
    });

    it('a rollback that read the version as retained just before a delete never publishes it', async () => {
      const project = await newProject();
      const v1 = await publishedVersion(project.id, project.id, 1);
      const v2 = await publishedVersion(project.id, project.id, 2);
      // The rollback's check reads version 1's record; the whole delete runs right after that read, before the
      // rollback's guarded update of the project.
      const findOne = mongo.Collection.prototype.findOne;
      let deleted: Promise<boolean> | undefined;
      const reads = jest.spyOn(mongo.Collection.prototype, 'findOne').mockImplementation(async function (
        this: mongo.Collection,
        ...args: unknown[]
      ) {
        const found = await (findOne as (...a: unknown[]) => Promise<unknown>).apply(this, args);
        const filter = args[0] as { projectId?: string; version?: number; modelId?: string };
        if (!deleted && filter.projectId === project.id && filter.version === v1.version && !filter.modelId) {
          deleted = store.models.deleteVersion(project.id, project.id, 1);
          await deleted;
        }
        return found;
      } as never);
      let rolledBack: boolean;
      try {
        rolledBack = await store.models.rollback(project.id, project.id, 1);
      } finally {
        reads.mockRestore();
      }
      expect(deleted).toBeDefined();
      expect(await deleted).toBe(true);
      expect(rolledBack).toBe(false);
      expect((await store.models.findById(project.id, project.id))!.publishedVersion).toBe(v2.version);
      expect(await store.rows.countElements(project.id, v2.version)).toBe(2);
      expect(await store.models.findVersion(project.id, project.id, 1)).toBeNull();
    });

    it('a retention pass never prunes a version a rollback switched to after the pass read the model', async () => {
      const project = await newProject();
      const v1 = await publishedVersion(project.id, project.id, 1);
      await publishedVersion(project.id, project.id, 2);
      const v3 = await publishedVersion(project.id, project.id, 3);
      await store.projects.setRetention(project.id, 1);
      // The sweep past the snapshot window read version 3 as published and marks 1 and 2 unretained; the rollback
      // to 1 switches the model just before that mark. (On FerretDB writes to the versions queue one at a time, and
      // the rollback's own version writes come after its switch: the mark waits for the switch, not for them.)
      const updateMany = mongo.Collection.prototype.updateMany;
      let rolledBack: Promise<boolean> | undefined;
      const marks = jest.spyOn(mongo.Collection.prototype, 'updateMany').mockImplementation(async function (
        this: mongo.Collection,
        ...args: unknown[]
      ) {
        const [filter, update] = args as [{ projectId?: string }, { $set?: { retained?: boolean } }];
        if (!rolledBack && filter.projectId === project.id && update.$set?.retained === false) {
          rolledBack = store.models.rollback(project.id, project.id, 1);
          const switchedBy = Date.now() + 10_000;
          while ((await store.models.findById(project.id, project.id))!.publishedVersion !== v1.version) {
            if (Date.now() > switchedBy) throw new Error('the rollback did not switch the model within 10 s');
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
        return (updateMany as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } as never);
      let pruned: number;
      try {
        pruned = await store.pruneSuperseded(Date.now() + 31 * 60_000);
      } finally {
        marks.mockRestore();
      }
      expect(rolledBack).toBeDefined();
      expect(await rolledBack).toBe(true);
      expect(pruned).toBe(0);
      expect((await store.models.findById(project.id, project.id))!.publishedVersion).toBe(v1.version);
      expect(await store.rows.countElements(project.id, v1.version)).toBe(1);
      expect(await store.rows.countElements(project.id, v3.version)).toBe(3);
      expect((await store.models.listVersions(project.id)).map((v) => [v.number, v.retained])).toEqual([
        [3, true],
        [2, true],
        [1, true],
      ]);
      // Once the rollback's own window is over, the sweep prunes around the version now published.
      expect(await store.pruneSuperseded(Date.now() + 31 * 60_000)).toBe(1);
      expect(await store.rows.countElements(project.id, v1.version)).toBe(1);
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
      expect(await store.models.delete(project.id, 'str')).toBe('deleted');
      expect(await store.models.delete(project.id, 'str')).toBe('not-found');
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
  });
