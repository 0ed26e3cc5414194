import { jobSummarySchema, type JobSummary } from '@aec/contracts';
import { api } from '@/lib/api-client';
import { jobPath } from './job-path';

/** GET /api/ifc/jobs/:jobId: the job's status now (404 for an unknown job or one of another user). */
export async function getJob(jobId: string): Promise<JobSummary> {
  const { data } = await api.get<unknown>(jobPath(jobId));
  return jobSummarySchema.parse(data);
}

/** The job's Server-Sent Events, as the upload answer names them (`eventsUrl`), for a run found again after a reload. */
export const jobEventsUrl = (jobId: string): string => `${jobPath(jobId)}/events`;
