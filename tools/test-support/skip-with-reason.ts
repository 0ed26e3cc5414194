/**
 * The one way a jest suite says "this check did not run here, and why". The title carries SKIPPED_MARK followed by
 * the reason; scripts/jest-summary-reporter.js finds it in every pending test's name and .ci/run's summary lists
 * it as "skipped: <check> — <reason>", never as passed. Keep the mark in step with the reporter's.
 */
export const SKIPPED_MARK = ' — skipped: ';

export const skippedTitle = (check: string, reason: string): string => `${check}${SKIPPED_MARK}${reason}`;

/** A skipped describe block standing for a whole check; it holds one pending test so jest counts and reports it. */
export function describeSkipped(check: string, reason: string): void {
  console.warn(`${check}: skipped — ${reason}`);
  describe.skip(skippedTitle(check, reason), () => {
    it('not run here', () => undefined);
  });
}

/** it() when the check can run here, else a pending test titled with the reason. */
export function itUnless(reason: string | null): (name: string, fn: () => Promise<void>) => void {
  return (name, fn) => {
    if (reason) it.skip(skippedTitle(name, reason), fn);
    else it(name, fn);
  };
}
