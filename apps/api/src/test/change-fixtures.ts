import type { ElementRow, PropertyRow } from '@aec/ifc';
import { parseODataQuery, type EntityModel } from '@aec/odata';
import type { Store } from '../store/types';
import { elementRow, propertyRow } from './row-fixtures';
import { modelStoreFixture } from './model-store';
import type { StoreTarget } from './store-fixtures';

/**
 * Every row of a feed set in the project as its owner sees it, as objects in page order (what a BI client reads,
 * without HTTP). A store may return the key besides the selected properties: only the selected ones are kept.
 */
export async function readFeedSet(
  store: Store,
  ownerId: string,
  entitySet: string,
  projectId: string,
  rawQuery = '',
  model?: EntityModel,
): Promise<Record<string, unknown>[]> {
  const visible = (await store.feed.visibleVersions({ userId: ownerId, projectIds: [projectId] })).filter(
    (v) => v.version > 0,
  );
  const query = parseODataQuery(rawQuery, model ?? store.feed.model, entitySet);
  const page = store.feed.page({ entitySet, query, visible, limit: 10_000, ...(model ? { model } : {}) });
  const selected = /\$select=([^&]*)/.exec(rawQuery)?.[1]?.split(',');
  const rows: Record<string, unknown>[] = [];
  for await (const row of page.rows) {
    const entries = Array.isArray(row)
      ? page.rowColumns!.map((c, i) => [c, row[i]] as const)
      : Object.entries(row as Record<string, unknown>);
    rows.push(Object.fromEntries(entries.filter(([name]) => !selected || selected.includes(name))));
  }
  return rows;
}

export const wall = (expressId: number, fields: Partial<ElementRow>) => elementRow(expressId, fields);
export const prop = (expressId: number, globalId: string, fields: Partial<PropertyRow>) =>
  propertyRow(expressId, { ElementGlobalId: globalId, ...fields });

/** GlobalIds outside the Basic Multilingual Plane and high in it: they must sort and match like any other. */
export const astral = 'Z\u{1F600}';
export const highBmp = 'Z\uFF21';

/** Version 1 of a model whose version 2 below changes known elements and property values. */
export const version1 = {
  elements: [
    wall(10, { GlobalId: 'A-keep', Name: 'Wand Ω', Storey: 'Étage 1' }),
    wall(11, { GlobalId: 'B-columns', IfcType: 'IfcSlab', Name: 'Slab', Height: 3, Storey: 'Étage 1' }),
    wall(12, { GlobalId: 'C-props', Name: 'Wall C' }),
    wall(13, { GlobalId: 'D-removed', IfcType: 'IfcDoor', Name: 'Tür', Storey: 'Étage 2' }),
    wall(14, { GlobalId: astral, IfcType: 'IfcColumn', LoadBearing: true }),
    wall(15, { GlobalId: highBmp, IfcType: 'IfcColumn' }),
  ],
  properties: [
    prop(10, 'A-keep', { SetName: 'Pset_WallCommon', PropertyName: 'FireRating', Value: 'F90' }),
    prop(10, 'A-keep', {
      SetName: null,
      PropertyName: 'Länge',
      Value: '2.5',
      NumericValue: 2.5,
      Unit: 'm',
    }),
    prop(11, 'B-columns', { SetName: 'Pset_SlabCommon', PropertyName: 'IsExternal', Value: 'true' }),
    prop(12, 'C-props', { SetName: 'Pset_Dup', PropertyName: 'Layer', Value: 'a' }),
    prop(12, 'C-props', { SetName: 'Pset_Dup', PropertyName: 'Layer', Value: 'b' }),
    prop(12, 'C-props', { SetName: 'Pset_WallCommon', PropertyName: 'Width', Value: '200', Unit: 'mm' }),
    prop(12, 'C-props', { SetName: 'Pset_WallCommon', PropertyName: 'Note', Value: null }),
    prop(12, 'C-props', { SetName: 'Pset_Old', PropertyName: 'Gone', Value: 'x' }),
  ],
};

/** Version 1 re-exported (every ExpressId moved by 100): B's columns and C's property values changed, D removed, F added. */
export const version2 = {
  elements: [
    wall(110, { GlobalId: 'A-keep', Name: 'Wand Ω', Storey: 'Étage 1' }),
    wall(111, {
      GlobalId: 'B-columns',
      IfcType: 'IfcSlab',
      Name: 'Slab 2',
      Height: 3.5,
      Storey: 'Étage 1',
    }),
    wall(112, { GlobalId: 'C-props', Name: 'Wall C' }),
    wall(114, { GlobalId: astral, IfcType: 'IfcColumn', LoadBearing: true }),
    wall(115, { GlobalId: highBmp, IfcType: 'IfcColumn' }),
    wall(116, { GlobalId: 'F-added', IfcType: 'IfcWindow', Name: 'Fenster' }),
  ],
  properties: [
    // The same values in another order: no change.
    prop(110, 'A-keep', {
      SetName: null,
      PropertyName: 'Länge',
      Value: '2.5',
      NumericValue: 2.5,
      Unit: 'm',
    }),
    prop(110, 'A-keep', { SetName: 'Pset_WallCommon', PropertyName: 'FireRating', Value: 'F90' }),
    prop(111, 'B-columns', { SetName: 'Pset_SlabCommon', PropertyName: 'IsExternal', Value: 'true' }),
    prop(112, 'C-props', { SetName: 'Pset_Dup', PropertyName: 'Layer', Value: 'a' }),
    prop(112, 'C-props', { SetName: 'Pset_Dup', PropertyName: 'Layer', Value: 'c' }),
    prop(112, 'C-props', { SetName: 'Pset_WallCommon', PropertyName: 'Width', Value: '200.0', Unit: 'mm' }),
    prop(112, 'C-props', { SetName: 'Pset_WallCommon', PropertyName: 'Note', Value: '5' }),
    prop(112, 'C-props', { SetName: 'Pset_New', PropertyName: 'Fresh', Value: 'y' }),
    prop(116, 'F-added', { SetName: 'Pset_WindowCommon', PropertyName: 'IsExternal', Value: 'true' }),
  ],
};

/**
 * A store suite on change computation: projects with their default model ('Tower Ä'), versions uploaded as the
 * pipeline writes them (each at a distinct time, so a carried-over ChangedAt is told apart from a fresh one), and
 * the feed read back as the owner.
 */
export function changesFixture(target: StoreTarget) {
  const f = modelStoreFixture(target.open, target.dispose);
  const read = (entitySet: string, projectId: string, rawQuery = '', model?: EntityModel) =>
    readFeedSet(f.store, f.ownerId, entitySet, projectId, rawQuery, model);
  return {
    get store() {
      return f.store;
    },
    newProject: async () => (await f.newProject()).project.id,
    async upload(projectId: string, elements: ElementRow[], properties: PropertyRow[] = []) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return f.upload(projectId, { elements, properties });
    },
    read,
    /** Each element's ChangedAt (ms) by GlobalId, as the feed serves it. */
    changedAtOf: async (projectId: string) =>
      new Map(
        (await read('IFCElements', projectId, '$select=GlobalId,ChangedAt')).map((r) => [
          r.GlobalId,
          new Date(r.ChangedAt as string).getTime(),
        ]),
      ),
  };
}
