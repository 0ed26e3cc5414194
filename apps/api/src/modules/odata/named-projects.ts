import type { Expr } from '@aec/odata';

const isProjectId = (e: Expr) => e.kind === 'member' && e.path.length === 1 && e.path[0] === 'ProjectId';

/** The projects one `ProjectId eq '…'` or `ProjectId in ('…',…)` names, else undefined. */
function namedBy(e: Expr): string[] | undefined {
  if (e.kind === 'compare' && e.op === 'eq') {
    const literal = isProjectId(e.left) ? e.right : isProjectId(e.right) ? e.left : undefined;
    return literal?.kind === 'literal' && typeof literal.value === 'string' ? [literal.value] : undefined;
  }
  if (e.kind === 'in' && isProjectId(e.left) && e.right.kind === 'list') {
    const values = e.right.items.map((i) => i.value);
    return values.every((v): v is string => typeof v === 'string') ? values : undefined;
  }
  return undefined;
}

/**
 * The projects a query names with top-level `ProjectId eq '…'` / `ProjectId in (…)` conjuncts (the Tableau URL
 * does), or undefined when it names none. `in` is or-ed `eq`, so an `or` whose branches each name projects
 * (`ProjectId eq 'a' or ProjectId eq 'b'`, in parentheses or nested, a branch possibly a conjunction naming some)
 * names all of them; an `or` with a branch naming none, or anything under `not`, names nothing. Rows can come only
 * from the named projects, so the request's scope is narrowed to them: an anonymous caller may read a public one,
 * anyone gets 404 for one they cannot read, and a page link does not depend on the caller's other projects.
 */
export function namedProjectIds(filter: Expr | undefined): string[] | undefined {
  if (!filter) return undefined;
  if (filter.kind === 'logical') {
    const left = namedProjectIds(filter.left);
    const right = namedProjectIds(filter.right);
    if (filter.op === 'and') return left && right ? [...new Set([...left, ...right])] : (left ?? right);
    return left && right ? [...new Set([...left, ...right])] : undefined;
  }
  return namedBy(filter);
}
