/**
 * Exactly what BI tools send, so tests replay their requests rather than our idea of them.
 * Power Query (Power BI Desktop and Service, Excel: OData.Feed) sends these headers with every feed request.
 */
export const POWER_QUERY_HEADERS = {
  Accept:
    'application/json;odata.metadata=minimal;q=1.0,application/json;odata=minimalmetadata;q=0.9,' +
    'application/atomsvc+xml;q=0.8,application/atom+xml;q=0.8,application/xml;q=0.7,text/plain;q=0.7',
  'Accept-Encoding': 'gzip, deflate',
  'OData-MaxVersion': '4.0',
  MaxDataServiceVersion: '3.0',
  'User-Agent': 'Microsoft.Data.Mashup (https://go.microsoft.com/fwlink/?LinkID=304225)',
};

/**
 * A DateTimeOffset literal as Power Query folds a datetimezone into `$filter`: whole seconds, `Z` for UTC and
 * `+hh:mm` otherwise; in the URL every space is %20, every colon %3A and the plus %2B.
 */
export function powerQueryDateTime(date: Date, offsetMinutes = 0): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  const base = local.toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${base}Z`;
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return `${base}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** `[Column] >= RangeStart and [Column] < RangeEnd` as Power Query sends it, URL-encoded as it does. */
export function powerQueryRangeFilter(column: string, start: string, end: string): string {
  return `$filter=${encodeURIComponent(`${column} ge ${start} and ${column} lt ${end}`)}`;
}
