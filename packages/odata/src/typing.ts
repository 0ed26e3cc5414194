import type { Expr } from './ast';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import {
  type EdmPrimitive,
  type EntityModel,
  type EntityType,
  type NavigationDef,
  type PropertyDef,
  findEntityType,
  findNavigation,
  findProperty,
} from './model';

/** Value kinds used for type checks; numeric kinds are mutually comparable. */
export type Kind =
  | 'string'
  | 'int'
  | 'decimal'
  | 'double'
  | 'boolean'
  | 'date'
  | 'dateTimeOffset'
  | 'timeOfDay'
  | 'duration'
  | 'guid'
  | 'binary'
  | 'enum'
  | 'null'
  | 'entity'
  | 'collection';

export const EDM_KIND: Record<EdmPrimitive, Kind> = {
  'Edm.String': 'string',
  'Edm.Int32': 'int',
  'Edm.Int64': 'int',
  'Edm.Double': 'double',
  'Edm.Decimal': 'decimal',
  'Edm.Boolean': 'boolean',
  'Edm.DateTimeOffset': 'dateTimeOffset',
  'Edm.Date': 'date',
  'Edm.Guid': 'guid',
};

export const isNumeric = (k: Kind): boolean => k === 'int' || k === 'decimal' || k === 'double';

/** Scope of an expression: the entity being filtered plus lambda variables in reach. */
export interface Scope {
  model: EntityModel;
  type: EntityType;
  variables: Record<string, EntityType>;
}

/** A member path resolved against the model: navigations walked, then a property or a navigation. */
export interface ResolvedPath {
  /** Root: `undefined` for the filtered entity, otherwise the lambda variable name. */
  variable?: string;
  navigations: { nav: NavigationDef; from: EntityType; to: EntityType }[];
  property?: PropertyDef;
  /** Entity type reached when the path ends on a navigation. */
  entity?: EntityType;
  collection: boolean;
}

export function resolvePath(path: string[], scope: Scope, pos?: number): ResolvedPath {
  let segs = path;
  let type = scope.type;
  let variable: string | undefined;
  const first = segs[0] as string;
  if (first === '$it' || first === '$this') segs = segs.slice(1);
  else if (Object.prototype.hasOwnProperty.call(scope.variables, first)) {
    variable = first;
    type = scope.variables[first] as EntityType;
    segs = segs.slice(1);
  }
  const out: ResolvedPath = { navigations: [], collection: false };
  if (variable !== undefined) out.variable = variable;
  if (segs.length === 0) return { ...out, entity: type };
  for (let i = 0; i < segs.length; i++) {
    const name = segs[i] as string;
    const last = i === segs.length - 1;
    const prop = findProperty(type, name);
    if (prop) {
      if (!last)
        throw new ODataValidationError(
          `'${name}' is a primitive property and has no member '${segs[i + 1]}'`,
          name,
          pos,
        );
      return { ...out, property: prop };
    }
    const nav = findNavigation(type, name);
    if (!nav) {
      if (name.includes('.'))
        throw new ODataNotImplementedError(`Type casts in paths ('${name}') are not supported`, name);
      throw new ODataValidationError(`Unknown property '${name}' on ${type.name}`, name, pos);
    }
    const to = findEntityType(scope.model, nav.target);
    if (!to)
      throw new ODataValidationError(`Navigation '${name}' targets unknown type ${nav.target}`, name, pos);
    out.navigations.push({ nav, from: type, to });
    type = to;
    if (nav.collection) {
      if (!last)
        throw new ODataValidationError(
          `'${name}' is a collection; use any()/all() to test its members`,
          name,
          pos,
        );
      return { ...out, entity: to, collection: true };
    }
  }
  return { ...out, entity: type };
}

export function kindOfPath(r: ResolvedPath): Kind {
  if (r.property) return EDM_KIND[r.property.type];
  return r.collection ? 'collection' : 'entity';
}

export function exprLabel(e: Expr): string {
  switch (e.kind) {
    case 'member':
      return e.path.join('/');
    case 'literal':
      return e.raw;
    case 'call':
      return `${e.name}()`;
    default:
      return e.kind;
  }
}
