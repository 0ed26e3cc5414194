import type { IfcAPI } from 'web-ifc';
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
 * patched header; the caller's buffer is never modified.
 */
export function openModel(api: IfcAPI, data: Uint8Array, declaredSchema: string): number {
  const alias = webIfcSchemaAlias(declaredSchema);
  const patch = alias ? headerPatch(data, alias) : null;
  if (!patch) return api.OpenModel(data);
  const patchEnd = patch.offset + patch.bytes.length;
  return api.OpenModelFromCallback((offset, size) => {
    const end = Math.min(data.byteLength, offset + size);
    const chunk = data.subarray(offset, end);
    if (end <= patch.offset || offset >= patchEnd) return chunk;
    const copy = new Uint8Array(chunk);
    for (let i = 0; i < patch.bytes.length; i++) {
      const at = patch.offset + i - offset;
      if (at >= 0 && at < copy.length) copy[at] = patch.bytes[i] ?? 32;
    }
    return copy;
  });
}
