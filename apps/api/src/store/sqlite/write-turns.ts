/**
 * Turns at SQLite's write lock between the API thread and background writers (the row-writer threads). SQLite gives
 * the lock to whichever connection asks while it is free, and a connection waiting for it sleeps in steps (1, 2, 5 …
 * 100 ms: SQLite's busy handler). A row writer committing batch after batch took the lock back each time before the
 * API thread looked again, and the API's synchronous BEGIN held the event loop meanwhile: a request count flushed
 * during a job (every 5 s) stalled `/health` for up to 3 s once the WAL checkpoints stopped pausing the writer
 * between batches. So the API thread announces each write it is about to make, and a background writer, before its
 * next transaction, waits until none is announced (at most MAX_YIELD_MS per transaction, so a count left behind by a
 * crash of the announcing code cannot stop it).
 */
export const newWriteTurns = (): Int32Array =>
  new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));

/** The longest a background writer waits for announced foreground writes before one transaction. */
export const MAX_YIELD_MS = 1000;

/** The API thread's side: around each of its write transactions. */
export const foregroundTurn = (turns: Int32Array) => ({
  begin(): void {
    Atomics.add(turns, 0, 1);
  },
  end(): void {
    Atomics.sub(turns, 0, 1);
    Atomics.notify(turns, 0);
  },
});

/** A background writer's side: before each of its write transactions (it blocks its thread while it waits). */
export function yieldToForeground(turns: Int32Array): void {
  const deadline = Date.now() + MAX_YIELD_MS;
  for (let waiting = Atomics.load(turns, 0); waiting > 0; waiting = Atomics.load(turns, 0)) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    Atomics.wait(turns, 0, waiting, Math.min(left, 50));
  }
}
