import { isAxiosError } from 'axios';

type ErrorBody = { error?: unknown; message?: unknown; code?: unknown };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * The log lines for a failed upload (spec §8). When the server answered with an error status: its own
 * explanation first (e.g. why the file is not IFC: the sentence the user needs), then 'Upload failed: {status
 * text}'. When nothing answered: 'Upload failed' and the client's network message.
 */
export function uploadFailureLines(error: unknown): string[] {
  if (isAxiosError(error) && error.response) {
    const { status, statusText, data } = error.response;
    const body = (data ?? {}) as ErrorBody;
    const detail = text(body.message) ?? text(body.error);
    const summary = `Upload failed: ${text(statusText) ?? `status ${status}`}`;
    return detail ? [detail, summary] : [summary];
  }
  if (isAxiosError(error)) return ['Upload failed', error.message || 'Network Error'];
  return ['Upload failed', ...(error instanceof Error && error.message ? [error.message] : [])];
}

/** A 2xx answer can still say success:false; its message is then the error text (spec §5). */
export function rejectedUploadLines(body: { success?: boolean; message?: string }): string[] | null {
  if (body.success !== false) return null;
  return [text(body.message) ?? 'Upload failed'];
}
