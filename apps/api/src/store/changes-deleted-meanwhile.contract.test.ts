import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { modelStoreFixture, mongoStoreWithConnection } from '../test/model-store';
import { elementRow } from '../test/row-fixtures';
import { describeEachStore, type StoreTarget } from '../test/store-fixtures';
import type { RowBatch, Store } from './types';
import { createSqliteStore } from './sqlite/sqlite-store';
import { pendingChangeSummary, PreviousVersionGoneError } from './change-rules';

/** The change tables of each store, read directly: what a deleted version must not keep. */
const TABLES = ['ifc_changes', 'ifc_property_changes'];

/** The target's store with a second, direct look at what it stored. */
function directlyRead(target: StoreTarget) {
  if (target.name === 'mongodb') {
    const mongo = mongoStoreWithConnection('aec_changes_deleted');
    return {
      open: mongo.open,
      dispose: mongo.dispose,
      /** Change rows stored for the version, and whether its change set is listed complete. */
      async leftovers(projectId: string, version: number) {
        const key = { projectId, version };
        const rows = await Promise.all(TABLES.map((t) => mongo.conn.db!.collection(t).countDocuments(key)));
        const record = await mongo.conn.db!.collection('ifc_versions').findOne(key);
        return { rows: rows[0]! + rows[1]!, complete: Boolean(record?.changeRows) };
      },
    };
  }
  let dir = '';
  let raw: Database.Database | null = null;
  return {
    async open(): Promise<Store> {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-changes-deleted-'));
      const store = createSqliteStore({ dataDir: dir });
      raw = new Database(path.join(dir, 'aec.sqlite'));
      return store;
    },
    async dispose(store: Store) {
      raw?.close();
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async leftovers(projectId: string, version: number) {
      const count = (table: string) =>
        (
          raw!
            .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE project_id = ? AND version = ?`)
            .get(projectId, version) as { n: number }
        ).n;
      return {
        rows: count('ifc_changes') + count('ifc_property_changes'),
        complete: count('ifc_change_sets') > 0,
      };
    },
  };
}

/**
 * Elements enough for the change step to check for a stop while it merges (MongoDB: every 1,000 elements of both
 * versions), none in common between two versions: every one is a change row.
 */
const PER_VERSION = 520;
const elements = (prefix: string): RowBatch => ({
  elements: Array.from({ length: PER_VERSION }, (_, i) =>
    elementRow(i + 1, { GlobalId: `${prefix}-${String(i).padStart(5, '0')}`, Name: `Wand ${i} ✓` }),
  ),
});

// A version, its model or its project deleted while the version's changes are computed: no change rows are left
// behind and no change set is listed complete for what is gone.
describeEachStore('store contract: changes of a version deleted while they are computed', (target) => {
  if (target.name === 'mongodb') jest.setTimeout(300_000);
  const direct = directlyRead(target);
  const f = modelStoreFixture(direct.open, direct.dispose);

  /** Computes version `next` against `previous`, running `remove` the first time the step checks for a stop. */
  async function computeWhileRemoving(
    projectId: string,
    next: number,
    previous: number,
    remove: () => Promise<unknown>,
  ) {
    let removal: Promise<unknown> | null = null;
    const summary = await f.store.rows.computeChanges(projectId, next, previous, {
      isCancelled: () => {
        removal ??= remove();
        return false;
      },
    });
    expect(removal).not.toBeNull();
    await removal;
    return summary;
  }

  it('a deleted version', async () => {
    const { project } = await f.newProject('Büro ✓');
    const v1 = await f.upload(project.id, elements('a'));
    const v2 = await f.upload(project.id, elements('b'));
    await f.upload(project.id, elements('c'));
    const summary = await computeWhileRemoving(project.id, v2.version, v1.version, () =>
      f.store.models.deleteVersion(project.id, project.id, v2.number),
    );
    expect(summary).toBeNull();
    expect(await f.store.models.findVersion(project.id, project.id, v2.number)).toBeNull();
    expect(await direct.leftovers(project.id, v2.version)).toEqual({ rows: 0, complete: false });
  });

  it('the version compared with, deleted: the run keeps nothing and the next version is compared with another', async () => {
    const { project } = await f.newProject('Anbau ✓');
    const v1 = await f.upload(project.id, elements('a'));
    const v2 = await f.upload(project.id, elements('b'));
    const v3 = await f.upload(project.id, elements('c'));
    // As the pipeline leaves it while the change step runs.
    await f.store.models.updateVersion(project.id, v3.version, { changes: pendingChangeSummary(v2.number) });
    let removal: Promise<boolean> | null = null;
    const run = f.store.rows.computeChanges(project.id, v3.version, v2.version, {
      isCancelled: () => {
        removal ??= f.store.models.deleteVersion(project.id, project.id, v2.number);
        return false;
      },
    });
    await expect(run).rejects.toBeInstanceOf(PreviousVersionGoneError);
    expect(await removal).toBe(true);
    expect(await direct.leftovers(project.id, v3.version)).toEqual({ rows: 0, complete: false });
    const after = await f.store.models.findVersion(project.id, project.id, v3.number);
    expect(after!.changes).toEqual(pendingChangeSummary(v1.number));
    // A later attempt against the deleted version is refused before it writes anything.
    await expect(f.store.rows.computeChanges(project.id, v3.version, v2.version)).rejects.toBeInstanceOf(
      PreviousVersionGoneError,
    );
    expect(await f.store.rows.computeChanges(project.id, v3.version, v1.version)).toMatchObject({
      added: PER_VERSION,
      removed: PER_VERSION,
      previousVersionNumber: v1.number,
    });
    expect(await direct.leftovers(project.id, v3.version)).toEqual({ rows: 2 * PER_VERSION, complete: true });
  });

  it('a deleted model of a federated project', async () => {
    const { project } = await f.newProject('Campus Ω');
    const mep = await f.store.models.create({
      id: `mep_${randomUUID()}`,
      projectId: project.id,
      name: 'MEP',
    });
    await f.upload(project.id, elements('arch'));
    const v1 = await f.upload(project.id, elements('a'), { modelId: mep.id });
    const v2 = await f.upload(project.id, elements('b'), { modelId: mep.id });
    const summary = await computeWhileRemoving(project.id, v2.version, v1.version, () =>
      f.store.models.delete(project.id, mep.id),
    );
    expect(summary).toBeNull();
    expect(await direct.leftovers(project.id, v2.version)).toEqual({ rows: 0, complete: false });
  });

  it('a deleted project', async () => {
    const { project } = await f.newProject('Gone Ø');
    const v1 = await f.upload(project.id, elements('a'));
    const v2 = await f.upload(project.id, elements('b'));
    const summary = await computeWhileRemoving(project.id, v2.version, v1.version, () =>
      f.store.projects.delete(project.id),
    );
    expect(summary).toBeNull();
    expect(await direct.leftovers(project.id, v2.version)).toEqual({ rows: 0, complete: false });
  });
});
