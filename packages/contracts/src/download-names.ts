import { withControlCharactersReplaced } from './plain-text';

/** What Windows refuses in a name, and U+FFFD (what a control character became, plain-text.ts). */
const NOT_IN_FILE_NAMES = /[<>:"/\\|?*\ufffd]/g;
/** Names Windows keeps for devices, with any extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;
/** Characters of the name kept before the suffix (well under the 255 bytes file systems allow, in any script). */
const MAX_BASE = 80;

/**
 * The file name a download of a project is saved under: the project's name as its owner wrote it (letters of every
 * script kept), with what no file system takes made `_` and the name cut to a length every system takes. The API
 * sends it in Content-Disposition (RFC 6266, `filename*` for non-ASCII); the web app saves under the same name.
 */
export function downloadFileName(projectName: string, suffix: string): string {
  // Whitespace first (tabs and line breaks are control characters too), then the controls as plain-text.ts finds them.
  let base = withControlCharactersReplaced(projectName.replace(/\.ifc$/i, '').replace(/\s+/g, ' '))
    .replace(NOT_IN_FILE_NAMES, '_')
    .trim();
  // Code points, so a cut never splits a surrogate pair; no dot or space at the end (Windows drops them).
  base = Array.from(base)
    .slice(0, MAX_BASE)
    .join('')
    .replace(/[. ]+$/, '')
    .replace(/^[. ]+/, '');
  if (!base.replace(/_/g, '')) base = 'project';
  if (WINDOWS_DEVICE.test(base)) base = `${base}_`;
  return `${base}${suffix}`;
}
