/** The next page's URL: the request's own options, with $skip consumed, $top reduced and the new $skiptoken. */
export function nextLinkUrl(
  base: string,
  rawQuery: string,
  skiptoken: string,
  remainingTop: number | undefined,
): string {
  const kept = rawQuery
    .split('&')
    .filter(Boolean)
    .filter((pair) => {
      const name = decodeURIComponent(pair.split('=')[0] ?? '').toLowerCase();
      return !['$skiptoken', '$skip', '$top'].includes(name);
    });
  if (remainingTop !== undefined) kept.push(`$top=${remainingTop}`);
  kept.push(`$skiptoken=${encodeURIComponent(skiptoken)}`);
  return `${base}?${kept.join('&')}`;
}

/**
 * `Prefer: odata.maxpagesize=N` (also inside a comma-separated Prefer list, N bare or quoted, RFC 7240). A value that
 * is not a whole number (`1e3`, `1.5`, `abc`) is a preference not understood, so it is ignored (RFC 7240 §2), not
 * read as its leading digits.
 */
export function preferredPageSize(prefer: string | undefined): number | undefined {
  const match = prefer?.match(/(?:^|[,;\s])odata\.maxpagesize\s*=\s*(?:"(\d+)"|(\d+))(?=\s*(?:[,;]|$))/i);
  const n = match ? Number(match[1] ?? match[2]) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
