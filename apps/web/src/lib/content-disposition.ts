/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*` (RFC 8187, UTF-8 and percent-encoded)
 * where present, since it carries names in any script, else `filename`; null when neither is readable.
 */
export function fileNameFromDisposition(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // a broken encoding: the plain parameter may still do
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ? name : null;
}
