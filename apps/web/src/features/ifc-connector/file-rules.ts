import { ifcVersionList } from '@aec/contracts';

/** Spec §5 and §9: what the Select step accepts (shared with the project page's uploads) and the status text. */
export { INVALID_EXTENSION_MESSAGE, isIfcFileName, tooLargeMessage } from '@/lib/ifc-file-rules';
/** Spec §5 named IFC 2x3, IFC4 and IFC4x1; IFC4x3 works too, so the list is the server's own. */
export const SUPPORTED_VERSIONS_TEXT = ifcVersionList('and');

/** Spec §4 status text thresholds. */
export function statusText(progress: number, paused: boolean): string {
  if (paused) return 'Processing paused';
  if (progress < 25) return 'Parsing IFC structure...';
  if (progress < 50) return 'Extracting building elements...';
  if (progress < 75) return 'Processing properties and relationships...';
  if (progress < 100) return 'Generating OData endpoint...';
  return 'Processing complete!';
}
