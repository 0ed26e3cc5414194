import type { SqlFragment } from '@aec/odata';
import type { VisibleVersion } from '../feed-types';

/**
 * Change rows of every version of the visible projects' models, not only the published ones: a version's rows
 * count once its change set is complete (listed in ifc_change_sets) and while the version keeps its rows (a version
 * pruned by the project's retention leaves the feed with them). One project, the common case, is an equality on
 * the first column of the key, so pages come off the primary key in order.
 */
export function changeScopeSql(visible: readonly VisibleVersion[]): SqlFragment {
  const ids = [...new Set(visible.map((v) => v.id))];
  if (!ids.length) return { sql: '0', params: [] };
  const marks = ids.map(() => '?').join(', ');
  const project = ids.length === 1 ? '"t0"."project_id" = ?' : `"t0"."project_id" IN (${marks})`;
  return {
    sql: `${project} AND ("t0"."project_id", "t0"."version") IN (
      SELECT s.project_id, s.version FROM ifc_change_sets s
      JOIN versions v ON v.project_id = s.project_id AND v.version = s.version AND v.retained = 1
      WHERE s.project_id IN (${marks}))`,
    params: [...ids, ...ids],
  };
}
