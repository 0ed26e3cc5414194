import type { Expr } from '@aec/odata';

/**
 * The project a query names with a top-level `ProjectId eq '…'` conjunct, if any. Anonymous callers may read a
 * public project only by naming it (the spec's Tableau URL does); anything else asks them to authenticate.
 */
export function namedProjectId(filter: Expr | undefined): string | undefined {
  if (!filter) return undefined;
  if (filter.kind === 'logical' && filter.op === 'and')
    return namedProjectId(filter.left) ?? namedProjectId(filter.right);
  if (filter.kind !== 'compare' || filter.op !== 'eq') return undefined;
  const [member, literal] =
    filter.left.kind === 'member' ? [filter.left, filter.right] : [filter.right, filter.left];
  if (member.kind !== 'member' || member.path.length !== 1 || member.path[0] !== 'ProjectId')
    return undefined;
  return literal.kind === 'literal' && typeof literal.value === 'string' ? literal.value : undefined;
}
