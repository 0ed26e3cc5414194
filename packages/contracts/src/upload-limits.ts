import { z } from 'zod';

/**
 * GET /api/ifc/limits: the upload limit this server is configured with (`MAX_UPLOAD_MB`), public so the connector
 * states it and checks a chosen file against it before sending a byte.
 */
export const uploadLimitsSchema = z.object({
  maxUploadMb: z.number().positive(),
  maxUploadBytes: z.number().int().positive(),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

export const uploadLimitsOf = (maxUploadMb: number): UploadLimits => ({
  maxUploadMb,
  maxUploadBytes: Math.floor(maxUploadMb * 1024 * 1024),
});

/**
 * The limit as the connector states it: "100MB" as the spec writes the default, whole gigabytes as "10GB", other
 * values with at most two decimals ("2.5GB", "0.05MB").
 */
export function uploadLimitText(maxUploadMb: number): string {
  const trim = (value: number) => String(Number(value.toFixed(2)));
  return maxUploadMb >= 1024 ? `${trim(maxUploadMb / 1024)}GB` : `${trim(maxUploadMb)}MB`;
}

/** The limit in running text (documentation, help, FAQ): "100 MB", "10 GB", "2.5 GB". */
export function uploadLimitWords(maxUploadMb: number): string {
  return uploadLimitText(maxUploadMb).replace(/(?=[MG]B$)/, ' ');
}

/** The 413 answer's message; the troubleshooting page quotes it for this server's limit. */
export const fileOverLimitMessage = (limitWords: string) =>
  `The file is larger than the ${limitWords} limit.`;
