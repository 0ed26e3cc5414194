import type { ExpandItem, QueryOptions } from './ast';
import { checkExpr } from './check-expression';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import { type EntityModel, type EntityType, findEntityType, findNavigation, findProperty } from './model';
import { resolveAliases } from './resolve-aliases';
import type { Scope } from './typing';

const JSON_FORMATS = /^(json|application\/json)(;.*)?$/i;

/**
 * Checks parsed options against the model and returns them with parameter aliases substituted.
 * 400 (ODataValidationError) for what is wrong, 501 (ODataNotImplementedError) for what is valid
 * OData but not served here.
 */
export function validateQuery(
  options: QueryOptions,
  model: EntityModel,
  entityType: EntityType | string,
  inherited: Record<string, never> = {},
): QueryOptions {
  const type = typeof entityType === 'string' ? resolveType(model, entityType) : entityType;
  const scope: Scope = { model, type, variables: inherited };
  const aliases = options.aliases ?? {};
  const out: QueryOptions = { ...options };
  delete out.aliases;

  if (options.unsupported) {
    const name = Object.keys(options.unsupported)[0] ?? 'option';
    throw new ODataNotImplementedError(`${name} is not supported`, name);
  }
  if (options.search) throw new ODataNotImplementedError('$search is not supported; use $filter', '$search');
  if (options.deltatoken !== undefined)
    throw new ODataNotImplementedError('Delta links are not supported', '$deltatoken');
  if (options.index !== undefined) throw new ODataNotImplementedError('$index is not supported', '$index');
  if (options.schemaversion !== undefined)
    throw new ODataNotImplementedError('$schemaversion is not supported', '$schemaversion');
  if (options.levels !== undefined) throw new ODataNotImplementedError('$levels is not supported', '$levels');
  if (options.format !== undefined && !JSON_FORMATS.test(options.format))
    throw new ODataNotImplementedError(`Format '${options.format}' is not supported; use json`, '$format');

  if (options.filter) {
    const filter = resolveAliases(options.filter, aliases);
    const k = checkExpr(filter, scope);
    if (k !== 'boolean' && k !== 'null')
      throw new ODataValidationError(`$filter must be a Boolean expression, found ${k}`, '$filter');
    out.filter = filter;
  }
  if (options.orderby) {
    out.orderby = options.orderby.map((item) => {
      const expr = resolveAliases(item.expr, aliases);
      const k = checkExpr(expr, scope);
      if (k === 'entity' || k === 'collection')
        throw new ODataValidationError('$orderby needs primitive values', '$orderby');
      return { ...item, expr };
    });
  }
  if (options.select) {
    for (const item of options.select) {
      const [name, ...rest] = item.path;
      if (name === undefined) continue;
      // The model's properties are all primitive: a path below one names nothing (a client's mistake, not a feature
      // the service lacks). Below a navigation property it is OData's nested $select, which is not supported.
      if (rest.length > 0 && findProperty(type, name))
        throw new ODataValidationError(
          `'${name}' is a primitive property: $select cannot name '${item.path.join('/')}'`,
          name,
        );
      if (item.options || rest.length > 0)
        throw new ODataNotImplementedError('Nested $select paths and options are not supported', '$select');
      if (name === '*') continue;
      if (!findProperty(type, name)) {
        if (findNavigation(type, name))
          throw new ODataValidationError(`'${name}' is a navigation property; use $expand`, name);
        if (name.includes('.') || name.includes('('))
          throw new ODataNotImplementedError(`Selecting '${name}' is not supported`, name);
        throw new ODataValidationError(`Unknown property '${name}' on ${type.name}`, name);
      }
    }
  }
  if (options.expand) out.expand = validateExpandList(options.expand, model, type);
  return out;
}

/**
 * The items of one `$expand` level, each navigation property at most once: each becomes a member of the parent
 * object, whose member names must be unique (two `Elements` members answered 200 and left a client with either),
 * and OData expands a navigation only once per level, its options all in one item. `*` expands the navigations no
 * item names: a named one, with its options, takes precedence over it.
 */
function validateExpandList(items: ExpandItem[], model: EntityModel, type: EntityType): ExpandItem[] {
  const validated = items.map((item) => validateExpand(item, model, type));
  if (items.filter((item) => item.path[0] === '*').length > 1)
    throw new ODataValidationError("'*' is given twice in one $expand", '$expand');
  const named = new Set<string>();
  for (const item of items) {
    const name = item.path.join('/');
    if (name === '*') continue;
    if (named.has(name))
      throw new ODataValidationError(
        `'${name}' is expanded twice: a navigation property can be expanded only once per level; give all its ` +
          `options in one item, e.g. ${name}($select=…;$top=…)`,
        name,
      );
    named.add(name);
  }
  return validated.flatMap((valid, i) =>
    items[i]!.path[0] === '*' ? valid.filter((v) => !named.has(v.path.join('/'))) : valid,
  );
}

function resolveType(model: EntityModel, name: string): EntityType {
  const set = model.entitySets.find((s) => s.name === name);
  const type = findEntityType(model, set ? set.entityType : name);
  if (!type) throw new ODataValidationError(`Unknown entity set or type '${name}'`, name);
  return type;
}

/** Validated items; `*` becomes one item per navigation property of the type (its options apply to each). */
function validateExpand(item: ExpandItem, model: EntityModel, type: EntityType): ExpandItem[] {
  const [name, ...rest] = item.path;
  if (name === undefined) throw new ODataValidationError('Empty $expand item', '$expand');
  if (name === '*') {
    if (rest.length > 0 || item.ref || item.count)
      throw new ODataNotImplementedError('Only a plain $expand=* is supported', '$expand');
    return type.navigation.flatMap((nav) => validateExpand({ ...item, path: [nav.name] }, model, type));
  }
  if (rest.length > 0)
    throw new ODataNotImplementedError('Multi-segment $expand paths are not supported', '$expand');
  if (item.ref || item.count)
    throw new ODataNotImplementedError('$ref and $count in $expand are not supported', '$expand');
  const nav = findNavigation(type, name);
  if (!nav) {
    if (findProperty(type, name))
      throw new ODataValidationError(`'${name}' is not a navigation property`, name);
    throw new ODataValidationError(`Unknown navigation property '${name}' on ${type.name}`, name);
  }
  const target = findEntityType(model, nav.target);
  if (!target)
    throw new ODataValidationError(`Navigation '${name}' targets unknown type ${nav.target}`, name);
  return [{ ...item, options: validateQuery(item.options, model, target) }];
}
