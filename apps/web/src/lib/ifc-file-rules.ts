import { formatFileSize } from '@aec/contracts';

/** Spec §5: what an upload accepts, checked in the browser before a single byte is sent (the server checks again). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
export const MAX_FILE_TEXT = '100MB';
export const INVALID_EXTENSION_MESSAGE = 'Please select a valid IFC file (.ifc extension)';

export const isIfcFileName = (name: string): boolean => name.toLowerCase().endsWith('.ifc');

export function tooLargeMessage(bytes: number): string {
  return `This file is ${formatFileSize(bytes)}; the maximum is ${MAX_FILE_TEXT}. Split the model or remove unneeded content and try again.`;
}

/** Why a chosen file cannot be uploaded, or null when it can. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!isIfcFileName(file.name)) return INVALID_EXTENSION_MESSAGE;
  if (file.size > MAX_FILE_BYTES) return tooLargeMessage(file.size);
  return null;
}
