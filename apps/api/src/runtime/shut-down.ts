/** What a graceful stop closes, in the order that loses nothing. */
export interface ShutdownParts {
  /** Stopped together first: the HTTP server (in-flight requests finish), the job processor, background passes. */
  work: readonly (() => Promise<unknown> | undefined)[];
  /** Writes still queued once the work has stopped: request counts, and job log entries (on MongoDB written
   * behind the caller, so a job's last entry — its outcome — may still be on its way). */
  pending: readonly (() => Promise<void>)[];
  /** Closed last, when nothing is left to write to it. */
  store: { close(): Promise<void> };
}

export async function shutDown(parts: ShutdownParts): Promise<void> {
  await Promise.all(parts.work.map((stop) => stop()));
  await Promise.all(parts.pending.map((flush) => flush()));
  await parts.store.close();
}
