import { UploadRejectedError } from '../../errors/app-error';
import type { JobRecord } from '../../store/types';
import { ROWS_STORAGE_FULL_MESSAGE } from './disk-full';

/**
 * The answer to an upload waited for (`?wait=true`) whose job did not end ready: 422 with the job's reason, or 507
 * when the model was fine but the server's disk filled up while its rows were stored (as for an upload that does not
 * fit). `extra` goes into the body beside the message (project, job, model).
 */
export function failedJobError(job: JobRecord, extra: Record<string, unknown>): UploadRejectedError {
  const message = job.error ?? `Processing ended as ${job.status}`;
  return message === ROWS_STORAGE_FULL_MESSAGE
    ? new UploadRejectedError(507, 'STORAGE_FULL', message, extra)
    : new UploadRejectedError(422, 'PROCESSING_FAILED', message, extra);
}
