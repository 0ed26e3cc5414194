const format = new Intl.NumberFormat('en-US');

/**
 * Spec §2 App home shows totals as '50,000+': the real count rounded down to two significant
 * digits, with '+' when something was rounded away. Small exact numbers stay exact.
 */
export function friendlyCount(value: number): string {
  const n = Math.max(0, Math.floor(value));
  if (n < 100) return format.format(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  const rounded = Math.floor(n / step) * step;
  return rounded === n ? format.format(n) : `${format.format(rounded)}+`;
}
