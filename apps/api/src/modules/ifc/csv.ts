/** RFC 4180 CSV for Excel: CRLF line ends, quoted fields where needed, a UTF-8 BOM written by the caller. */
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * Text cells that a spreadsheet would run as a formula get a leading apostrophe (CSV injection, as OWASP lists the
 * starts: `=`, `+`, `-`, `@`, tab, carriage return), and the full-width `＝＋－＠` that Excel also reads as formula
 * signs in East Asian locales. Names and values come from uploaded IFC files, so anyone's text can reach a cell.
 * Numbers stay numbers: only text is marked, so a text `-5` shows as text, as it is.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

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
