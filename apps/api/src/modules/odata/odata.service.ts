import type { Writable } from 'node:stream';
import {
  decodeSkipToken,
  encodeSkipToken,
  expandContextUrl,
  findEntityType,
  ODataError,
  ODataNotImplementedError,
  parseODataQuery,
  writeEntity,
  writeEncodedCollection,
  writeEntityCollection,
  type EntityModel,
  type MetadataLevel,
  type QueryOptions,
  type SkipTokenValue,
} from '@aec/odata';
import type { FeedQuery, FeedReader, FeedRow, VisibleVersion } from '../../store/feed-types';
import { WIDE_ENTITY_SET, type WideCatalog } from '../../store/wide-columns';
import type { UserRecord } from '../../store/types';
import { createFeedScope, type ProjectScope } from './feed-scope';
import { expandSnapshot, pageSnapshot, snapshotScope } from './page-snapshot';
import { pageKey, selectedProperties, takeAsync, takeSync } from './page-rows';
import { createReadAhead } from './read-ahead';
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
  /** Int64/Decimal values and counts as strings (`IEEE754Compatible=true` in the request's media type). */
  ieee754Compatible?: boolean;
  preferredPageSize?: number;
}

export type ODataService = ReturnType<typeof createODataService>;

export interface ODataServiceDeps {
  reader: FeedReader;
  pageSize: number;
  tokenSecret: string;
  /** Called once per answered feed request (usage counts per user and project). */
  onServed?: (userId: string | null, projectId: string | null) => void;
  /** The wide element set a project serves over its models' published versions (store.rows.servedWideCatalog). */
  wideCatalog?: (projectId: string, versions: number[]) => Promise<WideCatalog | null>;
  /** Why the wide set of a project version could not be built, once no attempt is left (else null). */
  wideSetFailure?: (
    projectId: string,
    version: number,
  ) => Promise<{ attempts: number; error: string } | null>;
}

/**
 * Read-ahead buffers: pages held or being sent at once, the largest page kept (a 5000-row element page is about
 * 4.5 MB), and how long a page waits for its request.
 */
const READ_AHEAD_BUFFERS = 3;
const READ_AHEAD_BUFFER_BYTES = 8 * 1024 * 1024;
const READ_AHEAD_TTL_MS = 30_000;

/**
 * Runs feed queries: access scope first (owner's and public projects, at their published versions), then the
 * validated query compiled by the store, streamed with server-driven keyset paging.
 */
export function createODataService({
  reader,
  pageSize,
  tokenSecret,
  onServed,
  wideCatalog,
  wideSetFailure,
}: ODataServiceDeps) {
  const model = reader.model;
  const { projectModel, projectScope, requestScope } = createFeedScope(reader, wideCatalog);
  const readAhead = createReadAhead({
    buffers: READ_AHEAD_BUFFERS,
    bufferBytes: READ_AHEAD_BUFFER_BYTES,
    ttlMs: READ_AHEAD_TTL_MS,
  });

  function typeOf(m: EntityModel, entitySet: string) {
    const set = m.entitySets.find((s) => s.name === entitySet);
    const type = set && findEntityType(m, set.entityType);
    if (!set || !type)
      throw new ODataError(404, 'NotFound', `Unknown entity set '${entitySet}'`, undefined, entitySet);
    return type;
  }

  /**
   * Why a project's wide set cannot be read although its root lists it: 500 once the build of a version it serves
   * used up its attempts, else 503 (it is being built right after the publish: seconds for a large model).
   */
  async function wideSetUnavailable(projectId: string, visible: VisibleVersion[]): Promise<ODataError> {
    let failure: Awaited<ReturnType<NonNullable<typeof wideSetFailure>>> = null;
    for (const published of visible.filter((v) => v.id === projectId && v.version > 0))
      failure ??= (await wideSetFailure?.(published.id, published.version)) ?? null;
    if (failure) {
      // Not a wait that ends: say why, and what still serves the data.
      return new ODataError(
        500,
        'WideSetFailed',
        `${WIDE_ENTITY_SET} could not be built for this project (${failure.attempts} attempts): ${failure.error}. ` +
          'IFCElements and IFCProperties serve the same data; uploading the model again tries anew.',
        undefined,
        WIDE_ENTITY_SET,
      );
    }
    return new ODataError(
      503,
      'ServiceUnavailable',
      `${WIDE_ENTITY_SET} is still being prepared for this project. Try again in a moment.`,
      undefined,
      WIDE_ENTITY_SET,
    );
  }

  /** `scoped`: the per-project scope when the caller already resolved it (key access needs the model first). */
  async function prepare(req: FeedRequest, rawQuery: string, scoped?: ProjectScope) {
    const perProject =
      scoped ?? (req.projectId === undefined ? undefined : await projectScope(req.user, req.projectId));
    const requestModel = perProject?.model ?? model;
    // The root lists the set meanwhile (with the columns last built); its rows wait for the build.
    if (perProject?.widePending && req.entitySet === WIDE_ENTITY_SET)
      throw await wideSetUnavailable(req.projectId!, perProject.visible);
    let type = typeOf(requestModel, req.entitySet);
    let query = parseODataQuery(rawQuery, requestModel, req.entitySet);
    if (query.search) throw new ODataNotImplementedError('$search is not supported', '$search');
    const { scope, visible: all } = await requestScope(req, query.filter, perProject);
    onServed?.(scope.userId, scope.projectIds?.length === 1 ? scope.projectIds[0]! : null);
    // A later page reads the versions its first page read (snapshot-pins.ts), even once newer ones are published.
    const snapshot = await pageSnapshot({
      entitySet: req.entitySet,
      inScope: all,
      skiptoken: query.skiptoken,
      tokenSecret,
      reader,
    });
    let m = requestModel;
    if (perProject && req.entitySet === WIDE_ENTITY_SET) {
      // The wide set's columns are those of the version read, which a pinned link may have superseded.
      const read = await projectModel(req.projectId!, snapshot.visible);
      if (read.widePending) throw await wideSetUnavailable(req.projectId!, snapshot.visible);
      m = read.model;
      if (m !== requestModel) {
        type = typeOf(m, req.entitySet);
        query = parseODataQuery(rawQuery, m, req.entitySet);
      }
    }
    return { type, query, ...snapshot, model: m };
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
      model: prepared.model,
      ...expandSnapshot(req.entitySet, prepared, reader),
      tokenSecret,
      serviceRoot: req.serviceRoot,
      metadata: req.metadata,
      ieee754Compatible: req.ieee754Compatible ?? false,
      pageSize: size,
    };
    const members = await expandMembers(ctx, req.entitySet, objects, prepared.query.expand ?? []);
    return new Map(rows.map((r, i) => [r, members.get(objects[i]!) ?? '']));
  }

  /** `$metadata#Set(…,Nav(…))` when expanding, else undefined (the writer's default). */
  function contextUrl(
    req: FeedRequest,
    m: EntityModel,
    query: QueryOptions,
    properties: string[] | undefined,
  ) {
    return query.expand?.length
      ? expandContextUrl(
          req.serviceRoot,
          req.entitySet,
          properties,
          contextExpands(query.expand, m, req.entitySet),
        )
      : undefined;
  }

  return {
    model,

    /** The page size a `Prefer: odata.maxpagesize` gets, or undefined when it is not honoured (larger than ours). */
    appliedPageSize: (preferred: number | undefined) =>
      preferred !== undefined && preferred <= pageSize ? preferred : undefined,

    /**
     * The model a service root describes ($metadata, service document). The all-projects root serves the caller's
     * own projects, so an anonymous caller is asked to authenticate (a BI tool probing it then offers Basic, not
     * Anonymous); a per-project root checks access to its project (the public demo's stays open).
     */
    async modelFor(user: UserRecord | undefined, projectId: string | undefined): Promise<EntityModel> {
      if (projectId !== undefined) return (await projectScope(user, projectId)).model;
      if (!user) throw new FeedAuthRequiredError();
      return model;
    },

    async count(req: FeedRequest): Promise<number> {
      const prepared = await prepare(req, req.rawQuery);
      return reader.count({
        entitySet: req.entitySet,
        query: prepared.query,
        ...snapshotScope(prepared),
        model: prepared.model,
      });
    },

    async writeCollection(req: FeedRequest, out: Writable): Promise<void> {
      const prepared = await prepare(req, req.rawQuery);
      const { type, query, versionTag, model: m } = prepared;
      const size = Math.min(pageSize, req.preferredPageSize ?? pageSize);
      const limit = query.top !== undefined ? Math.min(query.top, size) : size;
      // A token whose values do not fit this query's sort keys is refused (400) by the store's compiler.
      const after: SkipTokenValue[] | undefined =
        query.skiptoken !== undefined
          ? decodeSkipToken(query.skiptoken, { version: versionTag, secret: tokenSecret }).k
          : undefined;
      const count = query.count
        ? await reader.count({ entitySet: req.entitySet, query, ...snapshotScope(prepared), model: m })
        : undefined;
      const read = withJoinProperties(query, m, req.entitySet);
      const feedQuery: FeedQuery = {
        entitySet: req.entitySet,
        query: after ? { ...read, skip: undefined } : read,
        ...snapshotScope(prepared),
        ...(after ? { after } : {}),
        limit: limit + 1,
        model: m,
        // SQLite's json_object writes Int64 as numbers: IEEE754Compatible pages are written in JavaScript.
        encodeJson: req.metadata !== 'full' && !query.expand?.length && !req.ieee754Compatible,
      };
      // Full pulls (no $top) in minimal metadata are what BI tools page through: those pages are read ahead.
      const readAheadKey = (q: FeedQuery) =>
        q.encodeJson && query.top === undefined ? pageKey(req.user, req.projectId, q) : undefined;
      const properties = selectedProperties(type, query);
      const frame = {
        entitySet: req.entitySet,
        serviceRoot: req.serviceRoot,
        metadata: req.metadata,
        ieee754Compatible: req.ieee754Compatible ?? false,
        contextUrl: contextUrl(req, m, query, properties),
        count,
        ...(properties ? { properties } : {}),
      };
      /** The next page's link after `written` rows ending with sort values `last`; offers it for read-ahead. */
      const nextLink = (last: SkipTokenValue[], written: number, encoded: boolean) => {
        const remainingTop = query.top !== undefined ? query.top - written : undefined;
        if (remainingTop !== undefined && remainingTop <= 0) return undefined;
        const nextQuery: FeedQuery = { ...feedQuery, query: { ...read, skip: undefined }, after: last };
        const nextKey = readAheadKey(nextQuery);
        if (nextKey !== undefined && encoded) readAhead.offer(nextKey, () => reader.page(nextQuery), limit);
        const token = encodeSkipToken(
          { v: versionTag, k: last, s: req.entitySet, ...(prepared.pin ? { p: prepared.pin } : {}) },
          tokenSecret,
        );
        return nextLinkUrl(`${req.serviceRoot}${req.entitySet}`, req.rawQuery, token, remainingTop);
      };

      const key = readAheadKey(feedQuery);
      const ahead = key !== undefined ? readAhead.take(key) : undefined;
      if (ahead) {
        out.once('close', ahead.done);
        out.once('finish', ahead.done);
        const next =
          ahead.more && ahead.last ? nextLink(ahead.last as SkipTokenValue[], ahead.rows, true) : undefined;
        await writeEncodedCollection(out, ahead.body, { ...frame, ...(next ? { nextLink: next } : {}) });
        return;
      }

      const page = reader.page(feedQuery);
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
      await writeEntityCollection(out, rows, {
        ...frame,
        model: m,
        entityType: type,
        ...(page.rowColumns ? { rowColumns: page.rowColumns } : {}),
        ...(page.encoded ? { preEncoded: true } : {}),
        ...(members ? { extraMembers: (row) => members.get(row) ?? '' } : {}),
        nextLink: (last, written) =>
          more && last
            ? nextLink(page.sortValues(last) as SkipTokenValue[], written, page.encoded === true)
            : undefined,
      });
    },

    /** One entity by key, or null when it does not exist or is not visible. */
    async entity(req: FeedRequest, key: string): Promise<string | null> {
      const scoped = req.projectId === undefined ? undefined : await projectScope(req.user, req.projectId);
      const type = typeOf(scoped?.model ?? model, req.entitySet);
      const keyFilter = `$filter=${encodeURIComponent(keyToFilter(key, type, req.entitySet))}`;
      const others = req.rawQuery.split('&').filter((p) => p && !/^(\$|%24)filter=/i.test(p));
      const prepared = await prepare(req, [keyFilter, ...others].join('&'), scoped);
      const { query, model: m } = prepared;
      const read = withJoinProperties(query, m, req.entitySet);
      const page = reader.page({
        entitySet: req.entitySet,
        query: read,
        ...snapshotScope(prepared),
        limit: 1,
        model: m,
      });
      for await (const found of page.rows) {
        const row = Array.isArray(found)
          ? Object.fromEntries(page.rowColumns!.map((c, i) => [c, found[i]]))
          : (found as Record<string, unknown>);
        // As in collections, $select leaves the other properties out (they are not written as null).
        const properties = selectedProperties(type, query);
        const entityOptions = {
          model: m,
          entityType: type,
          entitySet: req.entitySet,
          serviceRoot: req.serviceRoot,
          metadata: req.metadata,
          ieee754Compatible: req.ieee754Compatible ?? false,
          ...(properties ? { properties } : {}),
        };
        if (!query.expand?.length) return writeEntity(row, entityOptions);
        const size = Math.min(pageSize, req.preferredPageSize ?? pageSize);
        const members = await expandPage(req, prepared, [row], undefined, size);
        const context = contextUrl(req, m, query, properties);
        return writeEntity(row, {
          ...entityOptions,
          ...(context ? { contextUrl: context } : {}),
          extraMembers: (r) => members.get(r) ?? '',
        });
      }
      return null;
    },
  };
}
