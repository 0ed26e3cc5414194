import type { QueryOptions } from './ast';
import type { EntityModel, EntityType } from './model';
import { parseQueryOptions } from './parse-query-options';
import { validateQuery } from './validate';

/** Raw query string → validated options for one entity set: the usual entry point for the API. */
export function parseODataQuery(
  rawQuery: string,
  model: EntityModel,
  entitySetOrType: string | EntityType,
): QueryOptions {
  return validateQuery(parseQueryOptions(rawQuery), model, entitySetOrType);
}
