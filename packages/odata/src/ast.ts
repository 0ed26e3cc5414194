/** Typed syntax tree produced by the parser; `pos` is an offset into the decoded option value. */

export type LiteralType =
  | 'null'
  | 'boolean'
  | 'int'
  | 'decimal'
  | 'double'
  | 'string'
  | 'date'
  | 'dateTimeOffset'
  | 'timeOfDay'
  | 'duration'
  | 'guid'
  | 'binary'
  | 'enum'
  | 'geo';

export interface LiteralNode {
  kind: 'literal';
  type: LiteralType;
  /**
   * JS value: boolean, number (int within 2^53, decimal, double incl. ±Infinity/NaN), bigint (int
   * beyond 2^53), string (string, date, timeOfDay, duration, guid (lower-case), binary (base64url),
   * geo), Date-free ISO string for dateTimeOffset (normalised to UTC `toISOString()` form), string[]
   * for enum members, or null.
   */
  value: boolean | number | bigint | string | string[] | null;
  /** Qualified enum type name, when given. */
  enumType?: string;
  raw: string;
  pos: number;
}

export interface MemberNode {
  kind: 'member';
  /** Path segments; a leading `$it`/`$this` or lambda variable is kept as the first segment. */
  path: string[];
  pos: number;
}

export interface AliasNode {
  kind: 'alias';
  name: string;
  pos: number;
}

export interface RootNode {
  kind: 'root';
  path: string[];
  pos: number;
}

export type ComparisonOp = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';
export type ArithmeticOp = 'add' | 'sub' | 'mul' | 'div' | 'divby' | 'mod';

export interface CompareNode {
  kind: 'compare';
  op: ComparisonOp;
  left: Expr;
  right: Expr;
  pos: number;
}

export interface ArithmeticNode {
  kind: 'arith';
  op: ArithmeticOp;
  left: Expr;
  right: Expr;
  pos: number;
}

export interface LogicalNode {
  kind: 'logical';
  op: 'and' | 'or';
  left: Expr;
  right: Expr;
  pos: number;
}

export interface NotNode {
  kind: 'not';
  operand: Expr;
  pos: number;
}

export interface NegateNode {
  kind: 'negate';
  operand: Expr;
  pos: number;
}

export interface InNode {
  kind: 'in';
  left: Expr;
  /** A literal list `(a,b)` / `[a,b]`, an alias, or any other collection-valued expression. */
  right: { kind: 'list'; items: LiteralNode[]; pos: number } | Expr;
  pos: number;
}

export interface HasNode {
  kind: 'has';
  left: Expr;
  right: Expr;
  pos: number;
}

export interface CallNode {
  kind: 'call';
  /** Lower-cased for built-in functions; qualified name as written for bound/unbound functions. */
  name: string;
  args: Expr[];
  /** Named parameters of a model function call `NS.F(p=…)`. */
  named?: Record<string, Expr>;
  /** Path the function is bound to (`Products/NS.F()`). */
  boundTo?: Expr;
  pos: number;
}

/** A type name argument of cast()/isof(). */
export interface TypeNameNode {
  kind: 'typeName';
  name: string;
  pos: number;
}

export interface LambdaNode {
  kind: 'lambda';
  op: 'any' | 'all';
  collection: Expr;
  variable?: string;
  predicate?: Expr;
  pos: number;
}

/** JSON array/object in 4.01 syntax; kept opaque because only lists of literals are evaluable here. */
export interface JsonNode {
  kind: 'json';
  value: unknown;
  items?: Expr[];
  pos: number;
}

/** Path segment forms we parse but do not evaluate (`Products/$count`, `Items(1)`, annotations). */
export interface OpaqueNode {
  kind: 'opaque';
  what: string;
  /** Path segments read so far, for error messages. */
  path?: string[];
  pos: number;
}

export type Expr =
  | LiteralNode
  | MemberNode
  | AliasNode
  | RootNode
  | CompareNode
  | ArithmeticNode
  | LogicalNode
  | NotNode
  | NegateNode
  | InNode
  | HasNode
  | CallNode
  | TypeNameNode
  | LambdaNode
  | JsonNode
  | OpaqueNode;

export interface OrderByItem {
  expr: Expr;
  direction: 'asc' | 'desc';
}

export interface SelectItem {
  /** Property path, `*`, or `Namespace.*`. */
  path: string[];
  options?: QueryOptions;
}

export interface ExpandItem {
  /** Navigation path; `['*']` for star. */
  path: string[];
  ref?: boolean;
  count?: boolean;
  options: QueryOptions;
}

export type SearchExpr =
  | { kind: 'term'; text: string; phrase: boolean }
  | { kind: 'not'; operand: SearchExpr }
  | { kind: 'and' | 'or'; left: SearchExpr; right: SearchExpr };

export interface QueryOptions {
  filter?: Expr;
  select?: SelectItem[];
  orderby?: OrderByItem[];
  top?: number;
  skip?: number;
  count?: boolean;
  expand?: ExpandItem[];
  /** `$levels` inside $expand options: a number or 'max'. */
  levels?: number | 'max';
  search?: SearchExpr;
  skiptoken?: string;
  deltatoken?: string;
  format?: string;
  index?: number;
  schemaversion?: string;
  /** Raw text of options we recognise but answer 501 for ($compute, $apply, …). */
  unsupported?: Record<string, string>;
  /** Parameter aliases `@p=…`, parsed as expressions. */
  aliases?: Record<string, Expr>;
  /** Custom query options (no `$`, not a system option name). */
  custom?: Record<string, string>;
  /**
   * Decoded text of each option of a nested `$expand=Nav(...)` as written (`filter`, `select`, `@p`, …), so the
   * next link of an expanded collection can repeat them on the target entity set.
   */
  texts?: Record<string, string>;
}
