/** RFC 4180 CSV for Excel: CRLF line ends, quoted fields where needed, a UTF-8 BOM written by the caller. */
const NEEDS_QUOTES = /[",\r\n]/;
/** Text cells that a spreadsheet would run as a formula get a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;

export const UTF8_BOM = '\uFEFF';
