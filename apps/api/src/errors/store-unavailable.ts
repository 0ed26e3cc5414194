/**
 * Whether an error says the database cannot serve the request right now, rather than that the request or the code is
 * wrong: SQLite still locked by another writer after the busy timeout, or MongoDB unreachable, electing a primary,
 * shutting down or reporting a write it marks as retryable. Such a request answers 503 with Retry-After (the
 * client may send it again as it was), not 500. Recognised by the errors' names, codes and labels, so this module
 * loads neither driver.
 */

/** The MongoDB driver's (and mongoose's) errors for a server that cannot be reached or was lost. */
const MONGO_UNREACHABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
]);

/**
 * Server error codes the MongoDB driver retries a write on: host unreachable or not found, network timeout, shutdown
 * in progress, primary stepped down, time limit exceeded, socket exception, not writable primary, interrupted at
 * shutdown or by a replica set change, not primary. And WriteConflict (112), which a retry resolves.
 */
const MONGO_TRANSIENT_CODES = new Set([6, 7, 89, 91, 112, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);

const MONGO_TRANSIENT_LABELS = ['RetryableWriteError', 'TransientTransactionError'];

/** SQLite's answers when the write lock stays taken past the busy timeout. */
const SQLITE_BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

export function isStoreUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { name, code, message } = err as { name?: unknown; code?: unknown; message?: unknown };
  if (typeof code === 'string' && SQLITE_BUSY_CODES.has(code)) return true;
  if (typeof name !== 'string' || !/^Mongo/.test(name)) return false;
  if (MONGO_UNREACHABLE_NAMES.has(name)) return true;
  if (typeof code === 'number' && MONGO_TRANSIENT_CODES.has(code)) return true;
  const hasLabel = (err as { hasErrorLabel?: unknown }).hasErrorLabel;
  if (typeof hasLabel === 'function' && MONGO_TRANSIENT_LABELS.some((label) => hasLabel.call(err, label)))
    return true;
  // mongoose holds operations while it is disconnected and gives up after its buffer timeout
  return name === 'MongooseError' && typeof message === 'string' && /buffering timed out/.test(message);
}

/** Seconds a client is told to wait before sending a request the database could not serve. */
export const STORE_RETRY_AFTER_SECONDS = 5;

export const STORE_UNAVAILABLE_MESSAGE =
  'The database cannot serve this request right now. Please try again in a few seconds.';
