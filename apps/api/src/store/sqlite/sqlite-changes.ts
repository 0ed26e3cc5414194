import {
  compareKeys,
  createChangeTally,
  diffProperties,
  PreviousVersionGoneError,
  type ChangeType,
  type PropertyChange,
} from '../change-rules';
import type { ChangeSummary } from '../ifc-types';
import type { SqliteDb } from './database';
import type { SqliteWrite } from './write-transaction';
import { createSqlitePropertyFingerprints, type PropertyRun } from './sqlite-property-fingerprints';
import { versionKeyRanges } from './version-key-ranges';
import { createChangeStatements, type VersionInfo } from './sqlite-change-statements';
import { COL, createElementCursors, PAGE, type ElementValues } from './sqlite-element-cursors';

/**
 * Elements whose property fingerprints differ wait for their values to be read and compared, this many at a time:
 * one pass over each version's property rows reads the values of all of them.
 */
const DIFFERING_PER_PASS = 20_000;

export interface SqliteChanges {
  /** RowRepository.computeChanges (see ifc-types.ts): one run of a version at a time, a second one waits. */
  compute(
    projectId: string,
    version: number,
    previousVersion: number,
    isCancelled?: () => boolean,
  ): Promise<ChangeSummary | null>;
  /** Removes a version's change rows; joins the caller's write transaction when there is one. */
  deleteVersion(projectId: string, version: number): void;
}

export function createSqliteChanges(db: SqliteDb, write: SqliteWrite): SqliteChanges {
  const fingerprints = createSqlitePropertyFingerprints(db);
  const cursors = createElementCursors(db);
  const {
    versionInfo,
    storedFingerprints,
    insertChange,
    insertPropertyChange,
    carryOver,
    deletes,
    versionAlive,
    previousKept,
    markComplete,
  } = createChangeStatements(db);
  const wideTable = db.prepare(
    'SELECT table_name FROM ifc_wide_catalogs WHERE project_id = ? AND version = ?',
  );
  const elementRanges = versionKeyRanges(db, 'ifc_elements', { start: '', rows: 10_000 });
  /**
   * The version's wide set, when already built, copied ChangedAt before it was carried over: it takes the
   * elements' values again, range by range (only rows that differ are written).
   */
  async function syncWideChangedAt(projectId: string, version: number, isCancelled: () => boolean) {
    const table = (wideTable.get(projectId, version) as { table_name: string } | undefined)?.table_name;
    if (!table) return true;
    const sync = (bounded: boolean) =>
      db.prepare(
        `UPDATE "${table}" AS w SET changed_at = e.changed_at FROM ifc_elements e
         WHERE w.project_id = ?1 AND w.version = ?2 AND w."Id" > ?3 ${bounded ? 'AND w."Id" <= ?4' : ''}
           AND e.project_id = ?1 AND e.version = ?2 AND e."Id" = w."Id" AND e.changed_at <> w.changed_at`,
      );
    const range = sync(true);
    const rest = sync(false);
    return elementRanges.each(
      projectId,
      version,
      (after, end) =>
        write(() =>
          end === undefined ? rest.run(projectId, version, after) : range.run(projectId, version, after, end),
        ),
      isCancelled,
    );
  }
  const deleteVersion = (projectId: string, version: number) =>
    write(() => {
      for (const statement of deletes) statement.run(projectId, version);
    });

  function info(projectId: string, version: number): VersionInfo {
    const row = versionInfo.get(projectId, version) as VersionInfo | undefined;
    if (!row) throw new Error(`Version ${version} of project ${projectId} has no record`);
    return row;
  }

  /**
   * Runs of one version queued behind each other: a run against a version deleted meanwhile (which removes what it
   * wrote once it notices) must end before the run against its replacement starts writing the same rows.
   */
  const queues = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(projectId: string, version: number, run: () => Promise<T>): Promise<T> {
    const key = `${projectId}\n${version}`;
    const queued = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(run);
    queues.set(key, queued);
    const forget = () => {
      if (queues.get(key) === queued) queues.delete(key);
    };
    queued.then(forget, forget);
    return queued;
  }

  const unqueued: SqliteChanges = {
    deleteVersion,
    async compute(projectId, version, previousVersion, isCancelled = () => false) {
      const next = info(projectId, version);
      // Checked before anything is written: a run against a version deleted meanwhile must not touch the rows a
      // run against its replacement wrote.
      const previous = versionInfo.get(projectId, previousVersion) as VersionInfo | undefined;
      if (!previous) throw new PreviousVersionGoneError(null);
      if (previous.retained !== 1) throw new PreviousVersionGoneError(previous.number);
      if (next.modelId !== previous.modelId) {
        throw new Error(`Versions ${previousVersion} and ${version} belong to different models`);
      }
      // What an interrupted run left goes first: the rerun writes every row again.
      deleteVersion(projectId, version);
      // Fingerprints stored with the rows when both versions have them; else collected from the property rows.
      let runs: { old: Map<number, PropertyRun>; new: Map<number, PropertyRun> } | null = null;
      if (!storedFingerprints(projectId, previousVersion) || !storedFingerprints(projectId, version)) {
        const old = await fingerprints.collect(projectId, previousVersion, isCancelled);
        const current = old && (await fingerprints.collect(projectId, version, isCancelled));
        if (!old || !current) return null;
        runs = { old, new: current };
      }

      // Both versions in key order, merged: one pass, a page of each in memory at a time.
      const { olds, news, changedColumns } = cursors.pair(projectId, previousVersion, version, next.modelId);
      const tally = createChangeTally(previous.number);
      const prefix = `${next.modelId}:`;
      const changeId = (elementId: string) =>
        `${next.modelId}:${next.number}:${elementId.startsWith(prefix) ? elementId.slice(prefix.length) : elementId}`;
      const shared = [next.modelId, next.modelName, next.number, previous.number] as const;

      let pending: (() => void)[] = [];
      /** Unchanged elements of the page, grouped by the ChangedAt they keep. */
      let carried = new Map<string, string[]>();
      const record = (type: ChangeType, row: ElementValues, changedColumns = '', propertyChanges = 0) => {
        tally.change(type, row[COL.IfcType] as string, row[COL.Storey] as string | null, propertyChanges);
        const values = [
          changeId(row[COL.Id]),
          ...shared,
          type,
          row[COL.GlobalId],
          row[COL.IfcType],
          row[COL.Name],
          row[COL.Storey],
          changedColumns,
          propertyChanges,
          next.createdAt,
        ];
        pending.push(() => insertChange.run(projectId, version, ...values));
      };
      /** An element in both versions: unchanged (its ChangedAt carried over) or Modified with what changed. */
      const settle = (
        current: ElementValues,
        old: ElementValues,
        columns: string[],
        properties: PropertyChange[],
      ) => {
        if (!columns.length && !properties.length) {
          const ids = carried.get(old[COL.ChangedAt]);
          if (ids) ids.push(current[COL.Id]);
          else carried.set(old[COL.ChangedAt], [current[COL.Id]]);
          return;
        }
        record('Modified', current, columns.join(','), properties.length);
        const base = changeId(current[COL.Id]);
        properties.forEach((p, i) => {
          const values = [
            `${base}:${i + 1}`,
            ...shared,
            current[COL.GlobalId],
            current[COL.IfcType],
            p.setName,
            p.propertyName,
            p.changeType,
            p.oldValue,
            p.newValue,
            p.unit,
            next.createdAt,
          ];
          pending.push(() => insertPropertyChange.run(projectId, version, ...values));
        });
      };
      /** Common elements whose fingerprints differ: their property values are read together, then compared. */
      let differing: { old: ElementValues; current: ElementValues; columns: string[] }[] = [];
      const settleDiffering = async (): Promise<boolean> => {
        const waiting = differing;
        differing = [];
        if (!waiting.length) return true;
        const olds = await fingerprints.valuesOf(
          projectId,
          previousVersion,
          waiting.map((d) => d.old[COL.ExpressId]),
          isCancelled,
        );
        const news =
          olds &&
          (await fingerprints.valuesOf(
            projectId,
            version,
            waiting.map((d) => d.current[COL.ExpressId]),
            isCancelled,
          ));
        if (!olds || !news) return false;
        for (const { old, current, columns } of waiting)
          settle(
            current,
            old,
            columns,
            diffProperties(olds.get(old[COL.ExpressId]) ?? [], news.get(current[COL.ExpressId]) ?? []),
          );
        return true;
      };
      /**
       * Fingerprints first: only an element whose values differ has them read and compared. True when enough such
       * elements wait for their values to be read now.
       */
      const compare = (old: ElementValues, current: ElementValues): boolean => {
        tally.common();
        const columns = changedColumns(old, current);
        if (runs) {
          const oldRun = runs.old.get(old[COL.ExpressId]);
          const newRun = runs.new.get(current[COL.ExpressId]);
          const properties =
            oldRun?.fingerprint === newRun?.fingerprint
              ? []
              : diffProperties(
                  fingerprints.values(projectId, previousVersion, old[COL.ExpressId], oldRun),
                  fingerprints.values(projectId, version, current[COL.ExpressId], newRun),
                );
          settle(current, old, columns, properties);
        } else if (old[COL.Fingerprint] === current[COL.Fingerprint]) {
          settle(current, old, columns, []);
        } else {
          differing.push({ old, current, columns });
        }
        return differing.length >= DIFFERING_PER_PASS;
      };
      /**
       * Why the run cannot go on, read in the write transaction that would write next: the version is deleted (or
       * its model, or its project), or the version it is compared with (deleted, or pruned by retention).
       */
      const stopReason = (): 'gone' | 'previous-gone' | null =>
        !versionAlive.get(projectId, version)
          ? 'gone'
          : !previousKept.get(projectId, previousVersion)
            ? 'previous-gone'
            : null;
      /** Writes what the last page found; nothing, with the reason, once the run cannot go on. */
      const flush = () => {
        const work = pending;
        const carry = carried;
        pending = [];
        carried = new Map();
        return write(() => {
          const stop = stopReason();
          if (stop) return stop;
          for (const run of work) run();
          for (const [changedAt, ids] of carry)
            carryOver.run(changedAt, projectId, version, JSON.stringify(ids));
          return null;
        });
      };
      /**
       * Nothing of this run is kept: its version is gone (null), or the version it compared with is (thrown; after
       * a deletion the store already compared the version with another one: deleteVersion).
       */
      const end = (stop: 'gone' | 'previous-gone') => {
        deleteVersion(projectId, version);
        if (stop === 'previous-gone') throw new PreviousVersionGoneError(previous.number);
        return null;
      };

      let handled = 0;
      for (;;) {
        const old = olds.current();
        const current = news.current();
        if (!old && !current) break;
        const order = !old ? 1 : !current ? -1 : compareKeys(old[COL.Id], current[COL.Id]);
        if (order < 0) {
          record('Removed', old!);
          olds.next();
        } else if (order > 0) {
          record('Added', current!);
          news.next();
        } else {
          if (compare(old!, current!) && !(await settleDiffering())) {
            deleteVersion(projectId, version);
            return null;
          }
          olds.next();
          news.next();
        }
        if (++handled % PAGE === 0) {
          const stop = flush();
          if (stop) return end(stop);
          await new Promise((resolve) => setImmediate(resolve));
          if (isCancelled()) {
            deleteVersion(projectId, version);
            return null;
          }
        }
      }
      if (!(await settleDiffering())) {
        deleteVersion(projectId, version);
        return null;
      }
      const stop = flush();
      if (stop) return end(stop);
      if (!(await syncWideChangedAt(projectId, version, isCancelled))) {
        deleteVersion(projectId, version);
        return null;
      }
      // Listed as complete last: the feed serves only complete change sets.
      const unlisted = write(() => {
        const reason = stopReason();
        if (!reason) markComplete.run(projectId, version, previousVersion);
        return reason;
      });
      return unlisted ? end(unlisted) : tally.summary();
    },
  };
  return {
    deleteVersion,
    compute: (projectId, version, previousVersion, isCancelled) =>
      oneAtATime(projectId, version, () =>
        unqueued.compute(projectId, version, previousVersion, isCancelled),
      ),
  };
}
