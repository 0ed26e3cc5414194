import type { EntityType, QueryOptions } from '@aec/odata';
import type { FeedQuery, FeedRow } from '../../store/feed-types';
import type { UserRecord } from '../../store/types';

/** The first `limit` rows; `onExtra` is told when the source had more. */
export function* takeSync(rows: Iterable<FeedRow>, limit: number, onExtra: () => void): Generator<FeedRow> {
  let n = 0;
  for (const row of rows) {
    if (n === limit) return void onExtra();
    n++;
    yield row;
  }
}

export async function* takeAsync(
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
export function selectedProperties(type: EntityType, query: QueryOptions): string[] | undefined {
  return query.select && !query.select.some((s) => s.path[0] === '*')
    ? type.properties
        .filter((p) => query.select!.some((s) => s.path[0] === p.name) || type.key.includes(p.name))
        .map((p) => p.name)
    : undefined;
}

/**
 * Identifies one page read: caller, root, visible versions (and pinned change sets), the query without its skip
 * token, and the position. Two requests with the same key read the same rows.
 */
export function pageKey(user: UserRecord | undefined, projectId: string | undefined, q: FeedQuery): string {
  return JSON.stringify(
    [
      user?.id ?? null,
      projectId ?? null,
      q.entitySet,
      q.visible.map((v) => [v.id, v.version, v.isPublic]),
      q.changeSets?.map((v) => [v.id, v.version]) ?? null,
      { ...q.query, skiptoken: undefined },
      q.after ?? null,
      q.limit,
    ],
    (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value),
  );
}
