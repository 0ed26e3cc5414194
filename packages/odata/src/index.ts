/**
 * @aec/odata — OData v4 query layer: parser, model validation, SQLite and MongoDB compilers,
 * CSDL/JSON writers and skip tokens. No HTTP and no database connection: the API wires it.
 */

/** Syntax tree types produced by the parser. */
export type { Expr, LiteralNode, OrderByItem, QueryOptions, SelectItem, ExpandItem, SearchExpr } from './ast';
/** Error classes; each carries `status` (400/410/501), `code`, `target` and `position`. */
export {
  ODataError,
  ODataSyntaxError,
  ODataValidationError,
  ODataNotImplementedError,
  ODataSkipTokenError,
  ODataGoneError,
} from './errors';
/** Entity model types and lookups. */
export type { EntityModel, EntityType, EntitySet, PropertyDef, NavigationDef, EdmPrimitive } from './model';
export { findEntityType, findProperty, findNavigation, columnOf, tableOf } from './model';
/** Parses a raw, still percent-encoded query string into options (syntax only). */
export { parseQueryOptions } from './parse-query-options';
/** Parses one decoded expression (e.g. a `$filter` value). */
export { parseExpression } from './parse-expression';
/** Checks options against the model (400 invalid, 501 unsupported) and substitutes aliases. */
export { validateQuery } from './validate';
/** parseQueryOptions + validateQuery in one call. */
export { parseODataQuery } from './parse-and-validate';
/** SQLite: filter, sort keys, full page query, count and keyset predicate, all with bound parameters. */
export {
  compileFilterSql,
  compileSortKeys,
  compileSqlQuery,
  compileCountSql,
  keysetPredicateSql,
  sortValuesOf,
  ROOT_ALIAS,
} from './compile-sql';
export type { SortKey, SqlQuery, SqlQueryOptions } from './compile-sql';
export type { SqlFragment, SqlValue, SqlCompileOptions } from './sql-types';
export { unicodeCaseRows } from './sql-unicode-case';
/** Identifier quoting and LIKE escaping used by the SQL compiler (for the API's own scope clauses). */
export { quoteIdent, escapeLike } from './sql-types';
export { canEncodeJsonInSql, sqlJsonInexactCondition, JSON_COLUMN } from './sql-json';
/** MongoDB: filter documents, sort, keyset predicate and count filter. */
export { compileMongoFilter, MATCH_NONE } from './compile-mongo';
export {
  compileMongoSort,
  compileMongoQuery,
  compileMongoCount,
  mongoKeysetPredicate,
  mongoSortValues,
} from './mongo-query';
export type { MongoDoc, MongoCompileOptions } from './compile-mongo';
export type { MongoQuery, MongoSortKey } from './mongo-query';
/** `$metadata` (CSDL XML 4.0) and the service document. */
export { writeCsdlXml, writeServiceDocument, xmlEscape } from './csdl-xml';
/** Streaming JSON for entity collections (back-pressure aware) and single entities. */
export {
  writeEntityCollection,
  writeEncodedCollection,
  writeEntity,
  defaultContextUrl,
  createEntityEncoder,
  encodeCount,
  expandContextUrl,
} from './json-writer';
export type { CollectionWriterOptions, MetadataLevel, ContextExpand } from './json-writer';
/** JSON value encoding (DateTimeOffset with Z, INF/NaN) and key predicates. */
export { encodeValue, dateTimeOffsetJson, keyPredicate } from './json-values';
/** Opaque keyset skip tokens: encode, and decode with shape (400) and version (410) checks. */
export { encodeSkipToken, decodeSkipToken, MAX_SKIP_TOKEN_PIN_CHARS } from './skiptoken';
export type { SkipTokenPayload, SkipTokenValue, DecodeSkipTokenOptions } from './skiptoken';
/** `odata.metadata` negotiation and the OData error body. */
export { metadataLevel, ieee754Compatible, negotiateJson, errorBody } from './negotiate';
export type { JsonFormat } from './negotiate';
/** $expand: one query for the children of many parents (SQL, with per-parent $top/$skip) or a Mongo filter. */
export {
  compileExpandSql,
  compileExpandCountSql,
  compileExpandMongo,
  planExpand,
  selectedPropertyNames,
  PARENT_COLUMN,
} from './compile-expand';
export type { ExpandPlan, ExpandSqlOptions, ExpandSqlQuery } from './compile-expand';
/** Key predicate of entity-by-key URLs: `(5)`, `(A=1,B='x')`. */
export { parseKeyPredicate } from './key-predicate';
export type { KeyValues } from './key-predicate';
/** OData identifiers from arbitrary labels (wide per-model element sets), with collision handling. */
export { distinctODataIdentifiers, toODataIdentifier, uniqueODataIdentifiers } from './identifiers';
