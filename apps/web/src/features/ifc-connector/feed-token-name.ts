/** The longest feed token name the server takes (createFeedTokenRequestSchema). */
const MAX_NAME = 80;

/**
 * The name the Results step gives a new feed token: "BI feed: <file>", or the first free "… (2)", "… (3)"… when the
 * account already has a token of that name (names are unique per account, compared without case), e.g. after a new
 * version of the same file. Cut to fit the server's limit, the suffix kept whole.
 */
export function freeFeedTokenName(fileName: string, taken: readonly string[]): string {
  const base = `BI feed: ${fileName}`.trim();
  const used = new Set(taken.map((name) => name.trim().toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const name = `${base.slice(0, MAX_NAME - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(name.toLowerCase())) return name;
  }
}
