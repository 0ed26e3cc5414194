import type { SqlFragment } from '@aec/odata';
import type { FeedReader, VisibleVersion } from '../feed-types';
import type { SqliteDb } from './database';

/** The change sets the feed serves: complete (listed in ifc_change_sets) and of a version that keeps its rows. */
const SERVED = `SELECT s.project_id, s.version FROM ifc_change_sets s
  JOIN versions v ON v.project_id = s.project_id AND v.version = s.version AND v.retained = 1`;

/**
 * Change rows of every version of the visible projects' models, not only the published ones: a version's rows
 * count once its change set is complete and while the version keeps its rows (a version pruned by the project's
 * retention leaves the feed with them). `changeSets`, when given, narrows that to those (project, row version)
 * pairs: what a page link pinned (snapshot-pins.ts), so a change set completed since is not read. One project, the
 * common case, is an equality on the first column of the key, so pages come off the primary key in order.
 */
export function changeScopeSql(
  visible: readonly VisibleVersion[],
  changeSets?: readonly { id: string; version: number }[],
): SqlFragment {
  const ids = [...new Set(visible.map((v) => v.id))];
  if (!ids.length || changeSets?.length === 0) return { sql: '0', params: [] };
  const marks = ids.map(() => '?').join(', ');
  const project = ids.length === 1 ? '"t0"."project_id" = ?' : `"t0"."project_id" IN (${marks})`;
  const pinned = changeSets
    ? {
        sql: ` AND ("t0"."project_id", "t0"."version") IN (VALUES ${changeSets.map(() => '(?, ?)').join(', ')})`,
        params: changeSets.flatMap((c) => [c.id, c.version]),
      }
    : { sql: '', params: [] };
  return {
    sql: `${project}${pinned.sql} AND ("t0"."project_id", "t0"."version") IN (${SERVED} WHERE s.project_id IN (${marks}))`,
    params: [...ids, ...pinned.params, ...ids],
  };
}

/** FeedReader.changeSetVersions: the served change sets of these projects, in chunks under the parameter limit. */
export function createSqliteChangeSetVersions(db: SqliteDb): FeedReader['changeSetVersions'] {
  const CHUNK = 500;
  return async (projectIds) => {
    const found: { id: string; version: number }[] = [];
    for (let i = 0; i < projectIds.length; i += CHUNK) {
      const chunk = projectIds.slice(i, i + CHUNK);
      found.push(
        ...(db
          .prepare(
            `SELECT s.project_id AS id, s.version FROM (${SERVED}) s
             WHERE s.project_id IN (${chunk.map(() => '?').join(', ')}) ORDER BY s.project_id, s.version`,
          )
          .all(...chunk) as { id: string; version: number }[]),
      );
    }
    return found;
  };
}
