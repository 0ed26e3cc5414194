import { IFC_SCHEMA_FAMILIES } from '@aec/contracts';
import type { SchemaFamily } from './types';

/**
 * Which declared FILE_SCHEMA names we accept, and as what.
 *
 * Decision (tested on the real samples osb_ifc4.ifc and osb_Vogel_Gesamt.ifc):
 * - IFC2X_FINAL is the released IFC 2x name; web-ifc parses it with its IFC2X3 layouts and the
 *   product counts match the file exactly, so it is accepted as the IFC2X3 family.
 * - IFC4RC1…IFC4RC4 are IFC4 release candidates. web-ifc knows no such schema name, so
 *   `openModel` hands web-ifc a header saying IFC4 (same byte length, the file itself is not
 *   changed). RC4 is nearly final IFC4 and its counts match exactly; earlier RCs are parsed on a
 *   best-effort basis with IFC4 layouts (the entity types we read have not changed).
 * - IFC4X1/IFC4X2 and every IFC4X3 name (_RC1…_RC4, _ADD1, _ADD2) are parsed by web-ifc with its
 *   IFC4X3 layouts.
 * - IFC4X3_TC1 (the technical corrigendum of IFC 4.3, which IfcOpenShell writes) is IFC4X3 too. web-ifc does not
 *   know the name, so `openModel` hands it a header saying IFC4X3 (as for IFC4RC*); its IFC4X3 layouts are
 *   ADD2's, the corrigendum's successor.
 * Anything else (IFC2X2, IFC5, …) is rejected with a clear message before parsing.
 */
const FAMILY_BY_SCHEMA: Record<string, SchemaFamily> = {
  IFC2X3: 'IFC2X3',
  IFC2X_FINAL: 'IFC2X3',
  IFC4: 'IFC4',
  IFC4X1: 'IFC4X1',
  IFC4X2: 'IFC4X3',
  IFC4X3: 'IFC4X3',
  IFC4X3_ADD1: 'IFC4X3',
  IFC4X3_ADD2: 'IFC4X3',
  IFC4X3_TC1: 'IFC4X3',
};

const IFC4_RELEASE_CANDIDATE = /^IFC4RC[1-4]$/;
const IFC4X3_RELEASE_CANDIDATE = /^IFC4X3_RC[1-4]$/;

export const SUPPORTED_SCHEMAS_TEXT = `${IFC_SCHEMA_FAMILIES.slice(0, -1).join(', ')} and ${IFC_SCHEMA_FAMILIES.at(-1)} (also IFC2X_FINAL, IFC4RC1–RC4, IFC4X3_RC1–RC4, IFC4X3_ADD1/ADD2, IFC4X3_TC1)`;

/** The family of a declared schema name, or null when we do not support it. */
export function schemaFamilyOf(declared: string): SchemaFamily | null {
  const name = declared.trim().toUpperCase();
  const family = FAMILY_BY_SCHEMA[name];
  if (family) return family;
  if (IFC4_RELEASE_CANDIDATE.test(name)) return 'IFC4';
  if (IFC4X3_RELEASE_CANDIDATE.test(name)) return 'IFC4X3';
  return null;
}

/** The schema name web-ifc must be told, when it differs from the declared one (else null). */
export function webIfcSchemaAlias(declared: string): string | null {
  const name = declared.trim().toUpperCase();
  if (IFC4_RELEASE_CANDIDATE.test(name)) return 'IFC4';
  return name === 'IFC4X3_TC1' ? 'IFC4X3' : null;
}
