/** The clock card's three lines, in the visitor's locale and zone. */
export function clockParts(now: Date, locale?: string, timeZone?: string) {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return {
    time: now.toLocaleTimeString(locale, {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
    date: now.toLocaleDateString(locale, { timeZone: zone, dateStyle: 'full' }),
    timeZone: zone,
  };
}
