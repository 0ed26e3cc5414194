import { createHash } from 'node:crypto';
import type { mongo } from 'mongoose';
import { columnIndex, columnKey, type WideCatalog, type WideColumn } from '../wide-columns';
import { CASE_SHADOWS, caseShadowsOf } from './case-shadows';
import type { PublishingDeps } from './model-publishing';
import { modelsOf, projectDocs } from './project-switch';
import type { WideDoc } from './row-collections';
import { deleteInBatches } from './delete-in-batches';

/** Documents copied per bulk call. */
const BATCH = 1_000;
/** Attempts at building one union before a request is told it failed (each request tries again until then). */
const MAX_ATTEMPTS = 3;
/** One document per union collection: which project, whether complete, and the freshness it was built with. */
export const WIDE_UNIONS = 'ifc_wide_unions';
const PREFIX = 'ifc_wide_u_';

interface UnionDoc {
  _id: string;
  projectId: string;
  /** The row versions it joins, in the order of the served catalog's parts. */
  versions: number[];
  complete: boolean;
  fresh: string;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Whether the versions' own documents already serve as the merged set: every column of every version has the
 * merged column's name and type. Then one find over `ifc_wide`, scoped to the versions, is the union; only a
 * disagreement (a property typed or named differently in two models) needs documents rewritten.
 */
export function servesAsStored(parts: readonly WideCatalog[], merged: readonly WideColumn[]): boolean {
  const index = columnIndex(merged);
  return parts.every((part) =>
    part.columns.every((c) => {
      const m = merged[index.get(columnKey(c.setName, c.propertyName)) ?? -1];
      return m !== undefined && m.name === c.name && m.type === c.type;
    }),
  );
}

/**
 * A double as SQLite's CAST(x AS TEXT) writes it (printf "%!.15g"), whole numbers as integers: the text the
 * SQLite store's view gives a number in a column the models disagree on, so both stores answer alike.
 */
export function sqliteNumberText(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 63) return BigInt(value).toString();
  if (!Number.isFinite(value)) return String(value);
  const [mantissa, exp] = value.toExponential(14).split('e') as [string, string];
  const exponent = Number(exp);
  const trim = (digits: string) => {
    const t = digits.includes('.') ? digits.replace(/0+$/, '') : digits;
    return t.endsWith('.') ? `${t}0` : t.includes('.') ? t : `${t}.0`;
  };
  if (exponent < -4 || exponent >= 15)
    return `${trim(mantissa)}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return trim(value.toFixed(14 - exponent));
}

/** A stored value of a `from` column in the merged column's type (only text differs: see mergeWideColumns). */
const mergedValue = (value: unknown, from: WideColumn['type'], to: WideColumn['type']): unknown => {
  if (from === to || value === null || value === undefined) return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return sqliteNumberText(value);
  return value;
};

export interface WideUnions {
  /**
   * The collection serving `parts` (one catalog per version) as one set with `merged` columns; null while it is
   * being prepared (started here, in the background).
   */
  served(
    projectId: string,
    parts: readonly WideCatalog[],
    versions: readonly number[],
    merged: readonly WideColumn[],
  ): Promise<string | null>;
  /** Drops the project's unions: its models now serve as stored. */
  drop(projectId: string): Promise<void>;
}

/** Drops the projects' union collections (all of them, or all but `except`): project deletion, newer unions. */
export async function dropWideUnions(
  db: mongo.Db,
  projectIds: readonly string[],
  except?: string,
): Promise<void> {
  const unions = db.collection<UnionDoc>(WIDE_UNIONS);
  for (const doc of await unions.find({ projectId: { $in: [...projectIds] } }).toArray()) {
    if (doc._id === except) continue;
    // The record first: a union without one is never served.
    await unions.deleteOne({ _id: doc._id });
    await db
      .collection(doc._id)
      .drop()
      .catch(() => undefined);
  }
}

/**
 * Names the state of what a union copies that changes in place on the versions' own documents: ChangedAt (the
 * change step carries it over, then marks the version's changeRows) and the model's name (renames).
 */
async function freshness(
  deps: PublishingDeps,
  projectId: string,
  versions: readonly number[],
): Promise<string> {
  const [project, records] = await Promise.all([
    projectDocs(deps.projects).findOne({ _id: projectId }),
    deps.versions
      .find(
        { projectId, version: { $in: [...versions] } },
        { projection: { _id: 0, version: 1, modelId: 1, changeRows: 1 } },
      )
      .toArray(),
  ]);
  const names = new Map((project ? modelsOf(project) : []).map((m) => [m.id, m.name]));
  return JSON.stringify(
    versions.map((v) => {
      const record = records.find((r) => r.version === v);
      return [v, record?.changeRows ?? false, names.get(record?.modelId ?? projectId) ?? null];
    }),
  );
}

/**
 * Brings the project's unions up to date with their versions' documents (ChangedAt, ModelName and its copies):
 * called after a model rename and a change step, which change those in place. Resolves once they are.
 */
export async function refreshWideUnions(deps: PublishingDeps, projectId: string): Promise<void> {
  const db = deps.projects.db.db!;
  const unions = db.collection<UnionDoc>(WIDE_UNIONS);
  for (const union of await unions.find({ projectId, complete: true }).toArray()) {
    const fresh = await freshness(deps, projectId, union.versions);
    if (fresh === union.fresh) continue;
    const target = db.collection<WideDoc>(union._id);
    const fields = {
      _id: 0,
      Id: 1,
      ChangedAt: 1,
      ModelName: 1,
      [`${CASE_SHADOWS.lower}.ModelName`]: 1,
      [`${CASE_SHADOWS.upper}.ModelName`]: 1,
    };
    for (const version of union.versions) {
      const ops: mongo.AnyBulkWriteOperation<WideDoc>[] = [];
      const flush = async () => {
        if (ops.length) await target.bulkWrite(ops.splice(0), { ordered: false });
      };
      for await (const doc of deps.rows.wide.find({ projectId, version }, { projection: fields })) {
        const set: Record<string, unknown> = { ChangedAt: doc.ChangedAt, ModelName: doc.ModelName };
        for (const shadow of [CASE_SHADOWS.lower, CASE_SHADOWS.upper]) {
          const copy = (doc[shadow] as Record<string, unknown> | undefined)?.ModelName;
          if (copy !== undefined) set[`${shadow}.ModelName`] = copy;
        }
        ops.push({ updateOne: { filter: { projectId, version, Id: doc.Id }, update: { $set: set } } });
        if (ops.length >= BATCH) await flush();
      }
      await flush();
    }
    await unions.updateOne({ _id: union._id }, { $set: { fresh } });
  }
}

/** One version's documents with the merged columns, and copies for the merged text columns. */
function rewrite(doc: WideDoc, part: WideCatalog, merged: readonly WideColumn[]): WideDoc {
  const index = columnIndex(merged);
  const own = new Set(part.columns.map((c) => c.name));
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(doc))
    if (field !== '_id' && !own.has(field) && field !== CASE_SHADOWS.lower && field !== CASE_SHADOWS.upper)
      out[field] = value;
  // The element columns' copies stay; the version's own property columns' copies go with their columns.
  const kept = (name: string) =>
    Object.fromEntries(
      Object.entries((doc[name] ?? {}) as Record<string, string>).filter(([k]) => !own.has(k)),
    );
  const fields: Record<string, unknown> = {};
  for (const c of part.columns) {
    const m = merged[index.get(columnKey(c.setName, c.propertyName)) ?? -1];
    const value = doc[c.name];
    if (!m || value === undefined || value === null) continue;
    fields[m.name] = mergedValue(value, c.type, m.type);
  }
  const text = merged.filter((m) => m.type === 'Edm.String' && m.name in fields).map((m) => m.name);
  return {
    ...(out as WideDoc),
    ...fields,
    ...caseShadowsOf(fields, text, {
      [CASE_SHADOWS.lower]: kept(CASE_SHADOWS.lower),
      [CASE_SHADOWS.upper]: kept(CASE_SHADOWS.upper),
    }),
  };
}

/**
 * MongoDB has no views over several collections that FerretDB serves, so where the models of a project disagree on
 * a column (SQLite's view converts those columns to text), the union is a collection of its own: every version's
 * documents with the merged columns, written once per set of versions and named after them, in the background
 * (the set answers 503 "still being prepared" meanwhile, as after any publish).
 */
export function createWideUnions(deps: PublishingDeps): WideUnions {
  const db = deps.projects.db.db!;
  const unions = db.collection<UnionDoc>(WIDE_UNIONS);
  const running = new Map<string, Promise<void>>();
  const failures = new Map<string, { attempts: number; error: string }>();

  async function build(
    name: string,
    projectId: string,
    parts: readonly WideCatalog[],
    versions: readonly number[],
    merged: readonly WideColumn[],
  ) {
    const fresh = await freshness(deps, projectId, versions);
    // A union left half-built (a restart) starts over.
    await unions.updateOne(
      { _id: name },
      { $set: { projectId, versions: [...versions], complete: false, fresh } },
      { upsert: true },
    );
    const target = db.collection<WideDoc>(name);
    await deleteInBatches(target, {});
    await target.createIndex({ projectId: 1, version: 1, Id: 1 }, { unique: true, name: `${name}_key` });
    for (let i = 0; i < parts.length; i++) {
      const batch: WideDoc[] = [];
      for await (const doc of deps.rows.wide.find({ projectId, version: versions[i]! })) {
        batch.push(rewrite(doc as WideDoc, parts[i]!, merged));
        if (batch.length >= BATCH) await target.insertMany(batch.splice(0));
      }
      if (batch.length) await target.insertMany(batch);
    }
    const { matchedCount } = await unions.updateOne({ _id: name }, { $set: { complete: true } });
    const project = await projectDocs(deps.projects).findOne({ _id: projectId });
    const current = project ? modelsOf(project).map((m) => m.publishedVersion) : [];
    if (!matchedCount || !versions.every((v) => current.includes(v))) {
      // Dropped meanwhile (a newer union finished first, or the project went), or already obsolete.
      await unions.deleteOne({ _id: name });
      await target.drop().catch(() => undefined);
      return;
    }
    // A rename or change step that ran while copying: catch up with it.
    await refreshWideUnions(deps, projectId);
    // The project's older unions serve nobody now (a reader's model names this one).
    await dropWideUnions(db, [projectId], name);
  }

  return {
    async served(projectId, parts, versions, merged) {
      const name = `${PREFIX}${hash(projectId)}_${hash(JSON.stringify([versions, parts.map((p) => p.columns)]))}`;
      if ((await unions.findOne({ _id: name }))?.complete) return name;
      const failed = failures.get(name);
      if (failed && failed.attempts >= MAX_ATTEMPTS)
        throw new Error(`the wide set over the project's models could not be prepared: ${failed.error}`);
      if (!running.has(name)) {
        const run = build(name, projectId, parts, versions, merged)
          .then(() => void failures.delete(name))
          .catch((err: unknown) => {
            const attempts = (failures.get(name)?.attempts ?? 0) + 1;
            failures.set(name, { attempts, error: err instanceof Error ? err.message : String(err) });
          })
          .finally(() => running.delete(name));
        running.set(name, run);
      }
      return null;
    },
    drop: (projectId) => dropWideUnions(db, [projectId]),
  };
}
