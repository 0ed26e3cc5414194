import { jobSummarySchema, type JobSummary } from '@aec/contracts';
import { api } from '@/lib/api-client';
import { jobPath } from './job-path';

export type JobAction = 'pause' | 'resume' | 'cancel';

/** Pause, resume or cancel the server job (409 when the job is past that point). */
export async function controlJob(jobId: string, action: JobAction): Promise<JobSummary> {
  const { data } = await api.post<unknown>(`${jobPath(jobId)}/${action}`);
  return jobSummarySchema.parse(data);
}
