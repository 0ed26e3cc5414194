import { api } from '@/lib/api-client';
import type { JobSummary } from '../types';

export type JobAction = 'pause' | 'resume' | 'cancel';

/** Pause, resume or cancel the server job (409 when the job is past that point). */
export async function controlJob(jobId: string, action: JobAction): Promise<JobSummary> {
  const { data } = await api.post<JobSummary>(`/api/ifc/jobs/${encodeURIComponent(jobId)}/${action}`);
  return data;
}
