import { ODataNotImplementedError } from '@aec/odata';
import { mongo } from 'mongoose';

/** The server's "NotImplemented" error code (MongoDB's, and FerretDB's for every operator it lacks). */
const NOT_IMPLEMENTED = 238;

/**
 * A query the database server cannot evaluate is a 501 for the client, not a 500: FerretDB, the MongoDB emulator
 * CI runs, evaluates no comparison inside $expr (`length(Name) eq 3`), which a real MongoDB evaluates.
 */
export async function orNotImplemented<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (err) {
    if (err instanceof mongo.MongoServerError && err.code === NOT_IMPLEMENTED)
      throw new ODataNotImplementedError(
        'This query needs an operation the database server does not implement',
        '$filter',
      );
    throw err;
  }
}
