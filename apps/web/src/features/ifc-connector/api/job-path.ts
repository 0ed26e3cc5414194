/** The path of a server job, `/api/ifc/jobs/:jobId`, that its fetchers (status, control, events) build on. */
export const jobPath = (jobId: string): string => `/api/ifc/jobs/${encodeURIComponent(jobId)}`;
