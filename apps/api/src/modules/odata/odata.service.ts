import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import {
  decodeSkipToken,
  encodeSkipToken,
  expandContextUrl,
  findEntityType,
  ODataError,
  ODataNotImplementedError,
  ODataValidationError,
  parseODataQuery,
  writeEntity,
  writeEntityCollection,
  type EntityType,
  type MetadataLevel,
  type QueryOptions,
  type SkipTokenValue,
} from '@aec/odata';
import type { FeedReader, FeedRow, FeedScope } from '../../store/feed-types';
import type { UserRecord } from '../../store/types';
import { namedProjectId } from './anonymous-access';
import { contextExpands, expandMembers, withJoinProperties, type ExpandContext } from './expand-members';
import { FeedAuthRequiredError } from './feed-auth';
import { nextLinkUrl } from './next-link';
import { keyToFilter } from './resource-path';

export interface FeedRequest {
  user: UserRecord | undefined;
  /** Set on a per-project service root. */
  projectId?: string;
  entitySet: string;
  rawQuery: string;
  /** Service root URL ending with '/'. */
  serviceRoot: string;
  metadata: MetadataLevel;
  preferredPageSize?: number;
}

export type ODataService = ReturnType<typeof createODataService>;

/**
 * Runs feed queries: access scope first (owner's and public projects, at their published versions), then the
 * validated query compiled by the store, streamed with server-driven keyset paging.
 */
/** The first `limit` rows; `onExtra` is told when the source had more. */
function* takeSync(rows: Iterable<FeedRow>, limit: number, onExtra: () => void): Generator<FeedRow> {
  let n = 0;
  for (const row of rows) {
    if (n === limit) return void onExtra();
    n++;
    yield row;
  }
}

async function* takeAsync(
  rows: AsyncIterable<FeedRow>,
  limit: number,
  onExtra: () => void,
): AsyncGenerator<FeedRow> {
  let n = 0;
  for await (const row of rows) {
    if (n === limit) return void onExtra();
    n++;
    yield row;
  }
}

/** Properties a $select writes (key included), or undefined for all. */
function selectedProperties(type: EntityType, query: QueryOptions): string[] | undefined {
  return query.select && !query.select.some((s) => s.path[0] === '*')
    ? type.properties
        .filter((p) => query.select!.some((s) => s.path[0] === p.name) || type.key.includes(p.name))
        .map((p) => p.name)
    : undefined;
}

export interface ODataServiceDeps {
  reader: FeedReader;
  pageSize: number;
  tokenSecret: string;
  /** Called once per answered feed request (usage counts per user and project). */
  onServed?: (userId: string | null, projectId: string | null) => void;
}

export function createODataService({ reader, pageSize, tokenSecret, onServed }: ODataServiceDeps) {
  const model = reader.model;

  function typeOf(entitySet: string) {
    const set = model.entitySets.find((s) => s.name === entitySet);
    const type = set && findEntityType(model, set.entityType);
    if (!set || !type) throw new ODataValidationError(`Unknown entity set '${entitySet}'`, entitySet);
    return type;
  }

  async function prepare(req: FeedRequest, rawQuery: string) {
    const type = typeOf(req.entitySet);
    const query = parseODataQuery(rawQuery, model, req.entitySet);
    if (query.search) throw new ODataNotImplementedError('$search is not supported', '$search');
    const scope: FeedScope = { userId: req.user?.id ?? null };
    if (req.projectId !== undefined) scope.projectId = req.projectId;
    if (!req.user) {
      // Anonymous: only a public project the request names, through the per-project root or a ProjectId filter.
      const named =
        req.projectId ?? (req.entitySet === 'Projects' ? undefined : namedProjectId(query.filter));
      if (named === undefined) throw new FeedAuthRequiredError();
      scope.projectId = named;
    }
    const visible = await reader.visibleVersions(scope);
    if (!req.user && !visible.some((v) => v.isPublic)) throw new FeedAuthRequiredError();
    if (req.projectId !== undefined && !visible.length) {
      throw new ODataError(404, 'NotFound', `Project '${req.projectId}' not found`, undefined, 'ProjectId');
    }
    onServed?.(scope.userId, scope.projectId ?? null);
    const versionTag = createHash('sha256')
      .update(visible.map((v) => `${v.id}:${v.version}`).join(','))
      .digest('base64url')
      .slice(0, 16);
    return { type, query, visible, versionTag };
  }

  /** Row objects of a page and their expanded members, read with one store query per navigation. */
  async function expandPage(
    req: FeedRequest,
    prepared: Awaited<ReturnType<typeof prepare>>,
    rows: FeedRow[],
    rowColumns: string[] | undefined,
    size: number,
  ): Promise<Map<FeedRow, string>> {
    const objects = rows.map((r) =>
      Array.isArray(r)
        ? Object.fromEntries(rowColumns!.map((c, i) => [c, r[i]]))
        : (r as Record<string, unknown>),
    );
    const ctx: ExpandContext = {
      reader,
      model,
      visible: prepared.visible,
      versionTag: prepared.versionTag,
      tokenSecret,
      serviceRoot: req.serviceRoot,
      metadata: req.metadata,
      pageSize: size,
    };
    const members = await expandMembers(ctx, req.entitySet, objects, prepared.query.expand ?? []);
    return new Map(rows.map((r, i) => [r, members.get(objects[i]!) ?? '']));
  }

  /** `$metadata#Set(…,Nav(…))` when expanding, else undefined (the writer's default). */
  function contextUrl(req: FeedRequest, query: QueryOptions, properties: string[] | undefined) {
    return query.expand?.length
      ? expandContextUrl(
          req.serviceRoot,
          req.entitySet,
          properties,
          contextExpands(query.expand, model, req.entitySet),
        )
      : undefined;
  }

  return {
    model,

    async count(req: FeedRequest): Promise<number> {
      const { query, visible } = await prepare(req, req.rawQuery);
      return reader.count({ entitySet: req.entitySet, query, visible });
    },

    async writeCollection(req: FeedRequest, out: Writable): Promise<void> {
      const prepared = await prepare(req, req.rawQuery);
      const { type, query, visible, versionTag } = prepared;
      const size = Math.min(pageSize, req.preferredPageSize ?? pageSize);
      const limit = query.top !== undefined ? Math.min(query.top, size) : size;
      // A token whose values do not fit this query's sort keys is refused (400) by the store's compiler.
      const after: SkipTokenValue[] | undefined =
        query.skiptoken !== undefined
          ? decodeSkipToken(query.skiptoken, { version: versionTag, secret: tokenSecret }).k
          : undefined;
      const count = query.count
        ? await reader.count({ entitySet: req.entitySet, query, visible })
        : undefined;
      const read = withJoinProperties(query, model, req.entitySet);
      const page = reader.page({
        entitySet: req.entitySet,
        query: after ? { ...read, skip: undefined } : read,
        visible,
        after,
        limit: limit + 1,
      });
      // One row more than the page is read, to know whether a next page exists.
      let more = false;
      const onExtra = () => (more = true);
      let rows =
        Symbol.asyncIterator in page.rows
          ? takeAsync(page.rows, limit, onExtra)
          : takeSync(page.rows, limit, onExtra);
      // Expanding needs the whole (bounded) page first: the children of all its rows are read at once.
      let members: Map<FeedRow, string> | undefined;
      if (query.expand?.length) {
        const all: FeedRow[] = [];
        for await (const row of rows) all.push(row);
        members = await expandPage(req, prepared, all, page.rowColumns, size);
        rows = takeSync(all, all.length, () => undefined);
      }
      const properties = selectedProperties(type, query);
      await writeEntityCollection(out, rows, {
        model,
        entityType: type,
        entitySet: req.entitySet,
        serviceRoot: req.serviceRoot,
        properties,
        metadata: req.metadata,
        ...(page.rowColumns ? { rowColumns: page.rowColumns } : {}),
        ...(members ? { extraMembers: (row) => members.get(row) ?? '' } : {}),
        contextUrl: contextUrl(req, query, properties),
        count,
        nextLink: (last, written) => {
          const remainingTop = query.top !== undefined ? query.top - written : undefined;
          if (!more || !last || (remainingTop !== undefined && remainingTop <= 0)) return undefined;
          const token = encodeSkipToken(
            { v: versionTag, k: page.sortValues(last) as SkipTokenValue[] },
            tokenSecret,
          );
          return nextLinkUrl(`${req.serviceRoot}${req.entitySet}`, req.rawQuery, token, remainingTop);
        },
      });
    },

    /** One entity by key, or null when it does not exist or is not visible. */
    async entity(req: FeedRequest, key: string): Promise<string | null> {
      const type = typeOf(req.entitySet);
      const keyFilter = `$filter=${encodeURIComponent(keyToFilter(key, type.key))}`;
      const others = req.rawQuery.split('&').filter((p) => p && !/^(\$|%24)filter=/i.test(p));
      const prepared = await prepare(req, [keyFilter, ...others].join('&'));
      const { query, visible } = prepared;
      const read = withJoinProperties(query, model, req.entitySet);
      const page = reader.page({ entitySet: req.entitySet, query: read, visible, limit: 1 });
      for await (const found of page.rows) {
        const row = Array.isArray(found)
          ? Object.fromEntries(page.rowColumns!.map((c, i) => [c, found[i]]))
          : (found as Record<string, unknown>);
        if (!query.expand?.length)
          return writeEntity(row, {
            model,
            entityType: type,
            entitySet: req.entitySet,
            serviceRoot: req.serviceRoot,
            metadata: req.metadata,
          });
        const size = Math.min(pageSize, req.preferredPageSize ?? pageSize);
        const members = await expandPage(req, prepared, [row], undefined, size);
        const properties = selectedProperties(type, query);
        const context = contextUrl(req, query, properties);
        return writeEntity(row, {
          model,
          entityType: type,
          entitySet: req.entitySet,
          serviceRoot: req.serviceRoot,
          metadata: req.metadata,
          ...(properties ? { properties } : {}),
          ...(context ? { contextUrl: context } : {}),
          extraMembers: (r) => members.get(r) ?? '',
        });
      }
      return null;
    },
  };
}
