import { formatFileSize, uploadLimitText, type UploadLimits } from '@aec/contracts';

/** Spec §5: what an upload accepts, checked in the browser before a single byte is sent (the server checks again). */
export const INVALID_EXTENSION_MESSAGE = 'Please select a valid IFC file (.ifc extension)';

/** The server's upload limit (GET /api/ifc/limits) as the screens state and check it. */
export interface UploadLimit {
  maxBytes: number;
  /** "100MB" (the spec's words for the default), "10GB". */
  text: string;
}

export const uploadLimitFrom = (limits: UploadLimits): UploadLimit => ({
  maxBytes: limits.maxUploadBytes,
  text: uploadLimitText(limits.maxUploadMb),
});

export const isIfcFileName = (name: string): boolean => name.toLowerCase().endsWith('.ifc');

export function tooLargeMessage(bytes: number, limit: UploadLimit): string {
  return `This file is ${formatFileSize(bytes)}; the maximum is ${limit.text}. Split the model or remove unneeded content and try again.`;
}

/**
 * Why a chosen file cannot be uploaded, or null when it can. `limit` null: the server's limit is not known (still
 * loading, or unreachable), so only the server judges the size.
 */
export function fileProblem(file: { name: string; size: number }, limit: UploadLimit | null): string | null {
  if (!isIfcFileName(file.name)) return INVALID_EXTENSION_MESSAGE;
  if (limit && file.size > limit.maxBytes) return tooLargeMessage(file.size, limit);
  return null;
}
