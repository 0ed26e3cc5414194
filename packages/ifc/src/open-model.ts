import type { IfcAPI } from 'web-ifc';
import { type ByteEdit, PatchedBytes } from './patched-bytes';
import { webIfcSchemaAlias } from './schema-family';

const SCHEMA_VALUE = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i;

/**
 * Where the declared schema name sits in the file, and the same-length bytes that name the
 * alias web-ifc understands (`'IFC4RC4'` → `'IFC4'   `: spaces between STEP tokens are legal).
 */
function headerPatch(data: Uint8Array, alias: string): { offset: number; bytes: Uint8Array } | null {
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 64 * 1024)).toString(
    'latin1',
  );
  const match = SCHEMA_VALUE.exec(head);
  if (!match?.[1]) return null;
  // the match ends with the closing quote; the name starts right before it
  const offset = match.index + match[0].length - match[1].length - 1;
  const original = `${match[1]}'`;
  const replacement = `${alias}'`.padEnd(original.length, ' ');
  if (replacement.length !== original.length) return null;
  return { offset, bytes: Buffer.from(replacement, 'latin1') };
}

/**
 * Opens a model in web-ifc. Returns web-ifc's model id, or a negative number when web-ifc cannot
 * parse it. For schema names web-ifc does not know but we accept (IFC4RC*), web-ifc reads a
 * patched header; `edits` (sorted by offset, e.g. string-encoding repairs) are applied the same way:
 * web-ifc reads a patched view, and the caller's buffer is never modified.
 */
export function openModel(
  api: IfcAPI,
  data: Uint8Array,
  declaredSchema: string,
  edits: ByteEdit[] = [],
): number {
  const alias = webIfcSchemaAlias(declaredSchema);
  const patch = alias ? headerPatch(data, alias) : null;
  const all = patch
    ? [{ ...patch, length: patch.bytes.length }, ...edits].sort((a, b) => a.offset - b.offset)
    : edits;
  if (all.length === 0) return api.OpenModel(data);
  const view = new PatchedBytes(data, all);
  return api.OpenModelFromCallback((offset, size) => view.read(offset, size));
}
