import {
  createEntityEncoder,
  encodeCount,
  encodeSkipToken,
  findEntityType,
  planExpand,
  selectedPropertyNames,
  type ContextExpand,
  type EntityModel,
  type ExpandItem,
  type MetadataLevel,
  type QueryOptions,
  type SkipTokenValue,
} from '@aec/odata';
import type { FeedReader, VisibleVersion } from '../../store/feed-types';
import { nextLinkUrl } from './next-link';

export interface ExpandContext {
  reader: FeedReader;
  model: EntityModel;
  /** The versions an expansion to `targetSet` reads (change sets: by change-set version, else published). */
  visibleFor: (targetSet: string) => Promise<VisibleVersion[]>;
  /**
   * The page tag and pins of a link to `entitySet` rows of one project (snapshot-pins.ts), when the expansion read
   * `visible`.
   */
  linkTag: (
    entitySet: string,
    projectId: unknown,
    visible: VisibleVersion[],
  ) => { v: string; p: string | undefined };
  /** Secret of the request's skip tokens: a nested next link pages like a top-level one. */
  tokenSecret: string;
  serviceRoot: string;
  metadata: MetadataLevel;
  /** Int64/Decimal values and counts as strings (`IEEE754Compatible=true`). */
  ieee754Compatible?: boolean;
  /** Most children written per parent for a collection (the request's page size). */
  pageSize: number;
}

type Row = Record<string, unknown>;

/**
 * The query the store must run for rows that will be expanded: the properties the expansions join on are
 * added to a narrow $select (they are read, not written).
 */
export function withJoinProperties(query: QueryOptions, model: EntityModel, entitySet: string): QueryOptions {
  const select = query.select;
  if (!query.expand?.length || !select || select.some((s) => s.path[0] === '*')) return query;
  const type = typeOfSet(model, entitySet);
  const extra = query.expand
    .map((item) => planExpand(item, model, type).parentProperty)
    .filter((p) => !select.some((s) => s.path[0] === p))
    .map((p) => ({ path: [p] }));
  return extra.length ? { ...query, select: [...select, ...extra] } : query;
}

function typeOfSet(model: EntityModel, entitySet: string) {
  const set = model.entitySets.find((s) => s.name === entitySet);
  return findEntityType(model, set?.entityType ?? entitySet)!;
}

/** The select list of a context URL for the expansions: `Elements(Id,Name)`, `Project()`. */
export function contextExpands(items: ExpandItem[], model: EntityModel, entitySet: string): ContextExpand[] {
  const type = typeOfSet(model, entitySet);
  return items.map((item) => {
    const plan = planExpand(item, model, type);
    const out: ContextExpand = { navigation: plan.navigation };
    if (item.options.select && !item.options.select.some((s) => s.path[0] === '*'))
      out.properties = selectedPropertyNames(plan.targetType, item.options);
    if (item.options.expand?.length) out.expand = contextExpands(item.options.expand, model, plan.targetSet);
    return out;
  });
}

/** OData literal for a join value in a next link's $filter. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return 'null';
}

/**
 * The rest of one parent's expanded collection: the target entity set filtered on the join value and the
 * nested $filter, with the nested $select/$orderby/$expand and a keyset skip token after the last row written.
 */
function nestedNextLink(
  ctx: ExpandContext,
  plan: ReturnType<typeof planExpand>,
  item: ExpandItem,
  parentValue: unknown,
  token: SkipTokenValue[],
  written: number,
  visible: VisibleVersion[],
): string {
  const texts = item.options.texts ?? {};
  const join = `${plan.targetProperty} eq ${literal(parentValue)}`;
  const parts = [`$filter=${encodeURIComponent(texts.filter ? `${join} and (${texts.filter})` : join)}`];
  for (const name of ['select', 'orderby', 'expand'])
    if (texts[name] !== undefined) parts.push(`$${name}=${encodeURIComponent(texts[name])}`);
  for (const [name, text] of Object.entries(texts))
    if (name.startsWith('@')) parts.push(`${name}=${encodeURIComponent(text)}`);
  const remainingTop = item.options.top !== undefined ? item.options.top - written : undefined;
  // Every collection navigation joins on ProjectId: the link names the parent's project.
  const { v, p } = ctx.linkTag(plan.targetSet, parentValue, visible);
  const skiptoken = encodeSkipToken({ v, k: token, s: plan.targetSet, ...(p ? { p } : {}) }, ctx.tokenSecret);
  return nextLinkUrl(`${ctx.serviceRoot}${plan.targetSet}`, parts.join('&'), skiptoken, remainingTop);
}

/**
 * Pre-encoded navigation members (`,"Elements@odata.count":n,"Elements":[…]`, `,"Project":{…}`) for every
 * parent row, keyed by the row object. One store read per navigation for all rows (recursing once per nested
 * level), each collection capped at the page size per parent with a next link for the rest.
 */
export async function expandMembers(
  ctx: ExpandContext,
  entitySet: string,
  rows: readonly Row[],
  items: ExpandItem[],
): Promise<Map<Row, string>> {
  const type = typeOfSet(ctx.model, entitySet);
  const members = new Map<Row, string>(rows.map((r) => [r, '']));
  for (const item of items) {
    const plan = planExpand(item, ctx.model, type);
    const values = [...new Set(rows.map((r) => r[plan.parentProperty]).filter((v) => v != null))];
    const visible = await ctx.visibleFor(plan.targetSet);
    const result = values.length
      ? await ctx.reader.expand({
          entitySet,
          item,
          parentValues: values,
          visible,
          // One more than written tells that a parent has more children than the page holds.
          perParent: ctx.pageSize + 1,
        })
      : { groups: new Map<unknown, Row[]>(), sortValues: () => [] };
    const shown = new Map<unknown, Row[]>();
    for (const [value, group] of result.groups)
      shown.set(value, plan.collection ? group.slice(0, ctx.pageSize) : group.slice(0, 1));
    const children = [...shown.values()].flat();
    const nested = item.options.expand?.length
      ? await expandMembers(ctx, plan.targetSet, children, item.options.expand)
      : undefined;
    const properties =
      item.options.select && !item.options.select.some((s) => s.path[0] === '*')
        ? selectedPropertyNames(plan.targetType, item.options)
        : undefined;
    const encode = createEntityEncoder({
      model: ctx.model,
      entityType: plan.targetType,
      entitySet: plan.targetSet,
      serviceRoot: ctx.serviceRoot,
      metadata: ctx.metadata,
      ieee754Compatible: ctx.ieee754Compatible ?? false,
      ...(properties ? { properties } : {}),
      ...(nested ? { extraMembers: (row) => nested.get(row as Row) ?? '' } : {}),
    });
    const name = JSON.stringify(plan.navigation).slice(1, -1);
    for (const row of rows) {
      const value = row[plan.parentProperty];
      const group = value == null ? [] : (shown.get(value) ?? []);
      let s = '';
      if (!plan.collection) {
        s = `,"${name}":${group[0] ? encode(group[0]) : 'null'}`;
      } else {
        if (item.options.count)
          s += `,"${name}@odata.count":${encodeCount(result.counts?.get(value) ?? 0, ctx.ieee754Compatible)}`;
        const all = value == null ? 0 : (result.groups.get(value)?.length ?? 0);
        const last = group[group.length - 1];
        if (all > group.length && last)
          s += `,"${name}@odata.nextLink":${JSON.stringify(
            nestedNextLink(
              ctx,
              plan,
              item,
              value,
              result.sortValues(last) as SkipTokenValue[],
              group.length,
              visible,
            ),
          )}`;
        s += `,"${name}":[${group.map(encode).join(',')}]`;
      }
      members.set(row, (members.get(row) ?? '') + s);
    }
  }
  return members;
}
