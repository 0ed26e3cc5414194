/** How long to wait and how often to look: suites run on a loaded 2-core machine, so the defaults are generous. */
export interface Polling {
  ms?: number;
  everyMs?: number;
}

/** Whether `check` held within `ms`, looked at every `everyMs` (for a test that asserts it did — or did not). */
export async function held(
  check: () => boolean | Promise<boolean>,
  { ms = 30_000, everyMs = 20 }: Polling = {},
): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Waits until `check` holds; throws naming `what` when it has not within `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  polling: Polling = {},
): Promise<void> {
  if (!(await held(check, polling)))
    throw new Error(`${what}: not within ${(polling.ms ?? 30_000) / 1000} s`);
}
