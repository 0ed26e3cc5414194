import { withChangeCaseShadows } from './case-shadows';
import type { mongo } from 'mongoose';
import {
  changedElementColumns,
  compareKeys,
  COMPARED_ELEMENT_COLUMNS,
  createChangeTally,
  diffProperties,
  isLegacyKey,
  PreviousVersionGoneError,
  todaysKeys,
  type ChangeType,
  type PropertyValue,
} from '../change-rules';
import type { ChangeSummary } from '../types';
import { updateVersionDoc, type PublishingDeps } from './model-publishing';
import { modelsOf, projectDocs } from './project-switch';
import type { ChangeDoc, ElementDoc, PropertyDoc } from './row-collections';
import { deleteInBatches } from './delete-in-batches';

/** The lease one computation of a version's changes holds, across instances (mongo-row-repository.ts). */
export const changesLock = (projectId: string, version: number) => `changes:${projectId}:${version}`;

/** Documents written per bulk call, and ExpressIds per `$in` query. */
const BATCH = 1_000;

type ElementFields = Record<string, unknown> & {
  Id: string;
  ExpressId: number;
  ChangedAt: Date | null;
  PropertyFingerprint?: string | null;
};
const ELEMENT_FIELDS = Object.fromEntries(
  ['Id', 'ExpressId', 'ChangedAt', 'PropertyFingerprint', ...COMPARED_ELEMENT_COLUMNS].map((name) => [
    name,
    1,
  ]),
);
const PROPERTY_FIELDS = { _id: 0, ElementExpressId: 1, SetName: 1, PropertyName: 1, Value: 1, Unit: 1 };
type PropertyFields = PropertyValue & { ElementExpressId: number };

/** Two 32-bit FNV-1a hashes with different seeds, folded into one safe integer. */
function hashStep(state: number, text: string): number {
  let a = Math.floor(state / 0x200000) >>> 0;
  let b = (state % 0x200000) ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 16777619);
    b = Math.imul(b ^ c, 0x01000193 ^ 0x9e37);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}
const propertyText = (p: PropertyValue) =>
  JSON.stringify([p.SetName ?? null, p.PropertyName ?? null, p.Value ?? null, p.Unit ?? null]);

/** The key of an element within its model: its Id after the model prefix (GlobalId, `#n` repeat, `~ExpressId`). */
const keyOf = (id: string) => id.slice(id.indexOf(':') + 1);

/** Whether a version's rows have the keys of before models (isLegacyKey on its first row). */
const legacyKeyed = (first: ElementFields | null, modelId: string) =>
  !!first && isLegacyKey(first.Id, first.ExpressId, first.GlobalId, modelId);

/**
 * A version with old keys, re-keyed as rows are keyed today (todaysKeys) and sorted: held in memory, once per model,
 * for the first comparison after the upgrade.
 */
async function legacyElements(
  cursor: mongo.FindCursor<ElementFields>,
  modelId: string,
): Promise<AsyncIterator<ElementFields>> {
  const docs: ElementFields[] = [];
  const keyOf = todaysKeys(modelId);
  // The cursor goes in old-key order, which is ExpressId order.
  for await (const doc of cursor)
    docs.push({ ...doc, Id: keyOf(doc.GlobalId as string | null | undefined, doc.ExpressId) });
  docs.sort((a, b) => compareKeys(a.Id, b.Id));
  let index = 0;
  return {
    next: async () =>
      index < docs.length ? { done: false, value: docs[index++]! } : { done: true, value: undefined },
    return: async () => ({ done: true, value: undefined }),
  };
}

/**
 * RowRepository.computeChanges on MongoDB: version `version` against `previousVersion` of the same model. Memory
 * stays bounded by the model's element count (a few numbers per element) plus the property values of the elements
 * whose properties differ:
 *  1. both versions' elements, streamed in Id order (one sorted cursor each) and merged: Added / Removed rows go
 *     out as they are found, common elements keep their ExpressId pair and differing columns;
 *  2. a fingerprint of each common element's property values per version (one pass over each version's
 *     properties, in stored order);
 *  3. property values compared in detail only for elements whose fingerprints differ (one more pass each);
 *  4. Modified rows and their property changes written, unchanged elements' ChangedAt carried over.
 * A rerun first removes what an earlier run left; cancelled: nothing is left and the result is null.
 */
export async function computeMongoChanges(
  deps: PublishingDeps,
  projectId: string,
  version: number,
  previousVersion: number,
  isCancelled: () => boolean = () => false,
): Promise<ChangeSummary | null> {
  const { versions } = deps;
  const rows = withChangeCaseShadows(deps.rows); // the change documents' case-mapped copies (case-shadows.ts)
  const key = { projectId, version };
  const clear = () =>
    Promise.all([deleteInBatches(rows.changes, key), deleteInBatches(rows.propertyChanges, key)]).then(
      () => null,
    );
  const [record, previous, project] = await Promise.all([
    versions.findOne(key),
    versions.findOne({ projectId, version: previousVersion }),
    projectDocs(deps.projects).findOne({ _id: projectId }),
  ]);
  // Checked before anything is written: a run against a version deleted meanwhile must not touch what a run
  // against its replacement wrote (deleteVersion compares the version with another one).
  if (record && project && (!previous || previous.retained === false))
    throw new PreviousVersionGoneError(previous?.number ?? null);
  // Out of the feed until this run completes, then its leftovers go.
  await updateVersionDoc(deps, key, { $unset: { changeRows: '' } });
  await clear();
  if (!record || !previous || !project) throw new Error(`version ${version} of ${projectId} not found`);
  const model = modelsOf(project).find((m) => m.id === record.modelId);
  const changedAt = record.createdAt;
  const shared = {
    projectId,
    version,
    ModelId: record.modelId,
    ModelName: model?.name ?? record.modelId,
    VersionNumber: record.number,
    PreviousVersionNumber: previous.number,
    ChangedAt: changedAt,
  };
  const idPrefix = `${record.modelId}:${record.number}:`;
  const tally = createChangeTally(previous.number);
  const pending: ChangeDoc[] = [];
  const flush = async (force = false) => {
    if (pending.length >= BATCH || (force && pending.length))
      await rows.changes.insertMany(pending.splice(0), { ordered: false });
  };
  const changeRow = (
    type: ChangeType,
    e: ElementFields,
    columns: string,
    propertyChanges: number,
  ): ChangeDoc => {
    tally.change(type, (e.IfcType as string) ?? null, (e.Storey as string) ?? null, propertyChanges);
    return {
      ...shared,
      Id: idPrefix + keyOf(e.Id),
      ChangeType: type,
      GlobalId: e.GlobalId ?? null,
      IfcType: e.IfcType ?? null,
      Name: e.Name ?? null,
      Storey: e.Storey ?? null,
      ChangedColumns: columns,
      PropertyChangeCount: propertyChanges,
    };
  };

  // 1. Merge by Id.
  const common = { previous: [] as number[], next: [] as number[], carried: [] as number[] };
  const columnsOf = new Map<number, string>();
  const sorted = (v: number) =>
    rows.elements
      .find({ projectId, version: v } as mongo.Filter<ElementDoc>, { projection: ELEMENT_FIELDS })
      .sort({ Id: 1 }) as unknown as mongo.FindCursor<ElementFields>;
  const stream = (v: number): AsyncIterator<ElementFields> => sorted(v)[Symbol.asyncIterator]();
  const firstOld = (await sorted(previousVersion).limit(1).toArray())[0] ?? null;
  const olds = legacyKeyed(firstOld, record.modelId)
    ? await legacyElements(sorted(previousVersion), record.modelId)
    : stream(previousVersion);
  const news = stream(version);
  /** Common elements whose stored property fingerprints differ (next ExpressId → previous), while both have them. */
  const storedDiffering = new Map<number, number>();
  let storedPrints = true;
  let before = await olds.next();
  let after = await news.next();
  let seen = 0;
  while (!before.done || !after.done) {
    if (++seen % BATCH === 0 && isCancelled()) {
      await Promise.all([olds.return?.(), news.return?.()]);
      return clear();
    }
    const order = before.done
      ? 1
      : after.done
        ? -1
        : compareKeys(keyOf(before.value.Id), keyOf(after.value.Id));
    if (order < 0) {
      pending.push(changeRow('Removed', before.value, '', 0));
      before = await olds.next();
    } else if (order > 0) {
      pending.push(changeRow('Added', after.value, '', 0));
      after = await news.next();
    } else {
      const o = before.value;
      const n = after.value;
      tally.common();
      const columns = changedElementColumns(
        COMPARED_ELEMENT_COLUMNS.map((c) => o[c] ?? null),
        COMPARED_ELEMENT_COLUMNS.map((c) => n[c] ?? null),
      );
      common.previous.push(o.ExpressId);
      common.next.push(n.ExpressId);
      common.carried.push(o.ChangedAt ? o.ChangedAt.getTime() : changedAt.getTime());
      const printed = typeof o.PropertyFingerprint === 'string' && typeof n.PropertyFingerprint === 'string';
      if (!printed) storedPrints = false;
      else if (o.PropertyFingerprint !== n.PropertyFingerprint) storedDiffering.set(n.ExpressId, o.ExpressId);
      if (columns.length) columnsOf.set(n.ExpressId, columns.join(','));
      before = await olds.next();
      after = await news.next();
    }
    await flush();
  }
  await flush(true);

  // 2. Property fingerprints of the common elements: stored with the rows (from the extraction worker), else
  // collected from the property rows (versions stored before fingerprints).
  const properties = (v: number) =>
    rows.properties
      .find({ projectId, version: v } as mongo.Filter<PropertyDoc>, { projection: PROPERTY_FIELDS })
      .sort({ _id: 1 }) as unknown as mongo.FindCursor<PropertyFields>;
  async function fingerprints(v: number, wanted: Set<number>): Promise<Map<number, number> | null> {
    const prints = new Map<number, number>();
    let n = 0;
    for await (const p of properties(v)) {
      if (++n % BATCH === 0 && isCancelled()) return null;
      if (!wanted.has(p.ElementExpressId)) continue;
      prints.set(p.ElementExpressId, hashStep(prints.get(p.ElementExpressId) ?? 0, propertyText(p)));
    }
    return prints;
  }
  let differing = storedDiffering;
  if (!storedPrints) {
    const oldPrints = await fingerprints(previousVersion, new Set(common.previous));
    const newPrints = oldPrints && (await fingerprints(version, new Set(common.next)));
    if (!oldPrints || !newPrints) return clear();
    differing = new Map<number, number>();
    common.next.forEach((next, i) => {
      const prev = common.previous[i]!;
      if (oldPrints.get(prev) !== newPrints.get(next)) differing.set(next, prev);
    });
  }

  // 3. Detailed comparison where fingerprints differ.
  async function valuesOf(v: number, wanted: Set<number>): Promise<Map<number, PropertyValue[]> | null> {
    const values = new Map<number, PropertyValue[]>();
    if (!wanted.size) return values;
    let n = 0;
    for await (const p of properties(v)) {
      if (++n % BATCH === 0 && isCancelled()) return null;
      if (!wanted.has(p.ElementExpressId)) continue;
      const value = {
        SetName: p.SetName ?? null,
        PropertyName: p.PropertyName ?? null,
        Value: p.Value ?? null,
        Unit: p.Unit ?? null,
      };
      const list = values.get(p.ElementExpressId);
      if (list) list.push(value);
      else values.set(p.ElementExpressId, [value]);
    }
    return values;
  }
  const oldValues = await valuesOf(previousVersion, new Set(differing.values()));
  const newValues = oldValues && (await valuesOf(version, new Set(differing.keys())));
  if (!oldValues || !newValues) return clear();
  const propertyChangesOf = new Map<number, ReturnType<typeof diffProperties>>();
  for (const [next, prev] of differing) {
    const changes = diffProperties(oldValues.get(prev) ?? [], newValues.get(next) ?? []);
    if (changes.length) propertyChangesOf.set(next, changes);
  }
  oldValues.clear();
  newValues.clear();

  // 4. Modified rows (read back by ExpressId, in Id order), then ChangedAt carried over for unchanged elements.
  const modified = [...new Set([...columnsOf.keys(), ...propertyChangesOf.keys()])];
  const propertyPending: ChangeDoc[] = [];
  for (let i = 0; i < modified.length; i += BATCH) {
    if (isCancelled()) return clear();
    const docs = await rows.elements
      .find(
        { projectId, version, ExpressId: { $in: modified.slice(i, i + BATCH) } } as mongo.Filter<ElementDoc>,
        {
          projection: ELEMENT_FIELDS,
        },
      )
      .toArray();
    for (const e of docs as unknown as ElementFields[]) {
      const changes = propertyChangesOf.get(e.ExpressId) ?? [];
      const row = changeRow('Modified', e, columnsOf.get(e.ExpressId) ?? '', changes.length);
      pending.push(row);
      changes.forEach((c, n) =>
        propertyPending.push({
          ...shared,
          Id: `${row.Id}:${n + 1}`,
          GlobalId: row.GlobalId,
          IfcType: row.IfcType,
          SetName: c.setName,
          PropertyName: c.propertyName,
          ChangeType: c.changeType,
          OldValue: c.oldValue,
          NewValue: c.newValue,
          Unit: c.unit,
        }),
      );
      await flush();
      if (propertyPending.length >= BATCH)
        await rows.propertyChanges.insertMany(propertyPending.splice(0), { ordered: false });
    }
  }
  await flush(true);
  if (propertyPending.length) await rows.propertyChanges.insertMany(propertyPending, { ordered: false });
  if (isCancelled()) return clear();
  await carryOver(
    deps,
    projectId,
    version,
    common,
    (next) => columnsOf.has(next) || propertyChangesOf.has(next),
  );
  // Deleting the version, its model or its project marks it first (record unretained, model or project document
  // gone), then removes its rows: change rows written after that mark are this run's to take back.
  if (!(await stillThere(deps, projectId, version))) return clear();
  // Likewise for the version compared with (deleted: marked unretained first; or pruned by retention).
  if (!(await stillThere(deps, projectId, previousVersion))) {
    await clear();
    throw new PreviousVersionGoneError(previous.number);
  }
  await updateVersionDoc(deps, key, { $set: { changeRows: true } });
  return tally.summary();
}

/** Whether the version is still stored: its record retained and its model in its project. */
async function stillThere(deps: PublishingDeps, projectId: string, version: number): Promise<boolean> {
  const [record, project] = await Promise.all([
    deps.versions.findOne({ projectId, version }),
    projectDocs(deps.projects).findOne({ _id: projectId }),
  ]);
  return Boolean(
    record && record.retained !== false && project && modelsOf(project).some((m) => m.id === record.modelId),
  );
}

/** Unchanged elements keep the ChangedAt of their previous version, grouped by value (few distinct ones). */
async function carryOver(
  deps: PublishingDeps,
  projectId: string,
  version: number,
  common: { next: number[]; carried: number[] },
  changed: (next: number) => boolean,
) {
  const byStamp = new Map<number, number[]>();
  common.next.forEach((next, i) => {
    if (changed(next)) return;
    const stamp = common.carried[i]!;
    const list = byStamp.get(stamp);
    if (list) list.push(next);
    else byStamp.set(stamp, [next]);
  });
  for (const [stamp, ids] of byStamp)
    for (let i = 0; i < ids.length; i += BATCH) {
      const filter = { projectId, version, ExpressId: { $in: ids.slice(i, i + BATCH) } };
      const set = { $set: { ChangedAt: new Date(stamp) } };
      await Promise.all([
        deps.rows.elements.updateMany(filter as mongo.Filter<ElementDoc>, set),
        (deps.rows.wide as unknown as mongo.Collection).updateMany(filter, set),
      ]);
    }
}
