import { formatFileSize, ifcVersionList } from '@aec/contracts';

/** Spec §5 and §9: what the Select step accepts and how Preview estimates the work. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
export const MAX_FILE_TEXT = '100MB';
/** Spec §5 named IFC 2x3, IFC4 and IFC4x1; IFC4x3 works too, so the list is the server's own. */
export const SUPPORTED_VERSIONS_TEXT = ifcVersionList('and');
export const INVALID_EXTENSION_MESSAGE = 'Please select a valid IFC file (.ifc extension)';

export const isIfcFileName = (name: string): boolean => name.toLowerCase().endsWith('.ifc');

export function tooLargeMessage(bytes: number): string {
  return `This file is ${formatFileSize(bytes)}; the maximum is ${MAX_FILE_TEXT}. Split the model or remove unneeded content and try again.`;
}

/** Spec §4 status text thresholds. */
export function statusText(progress: number, paused: boolean): string {
  if (paused) return 'Processing paused';
  if (progress < 25) return 'Parsing IFC structure...';
  if (progress < 50) return 'Extracting building elements...';
  if (progress < 75) return 'Processing properties and relationships...';
  if (progress < 100) return 'Generating OData endpoint...';
  return 'Processing complete!';
}
