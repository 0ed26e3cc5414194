/**
 * The file name a download of a project is saved under: the project's name as its owner wrote it (letters of every
 * script kept), with what no file system takes made `_` and the name cut to a length every system takes. The API
 * sends it in Content-Disposition (RFC 6266, `filename*` for non-ASCII); the web app saves under the same name.
 */
// eslint-disable-next-line no-control-regex -- control characters are what is replaced
const NOT_IN_FILE_NAMES = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffd]/g;
/** Names Windows keeps for devices, with any extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;
/** Characters of the name kept before the suffix (well under the 255 bytes file systems allow, in any script). */
const MAX_BASE = 80;

export function downloadFileName(projectName: string, suffix: string): string {
  let base = projectName
    .replace(/\.ifc$/i, '')
    .replace(/\s+/g, ' ')
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
