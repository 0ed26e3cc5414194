import { z } from 'zod';

/** Totals over every user of this server (App home statistics strip): not the caller's own figures. */
export const platformStatsSchema = z.object({
  elementsProcessed: z.number(),
  projectsAnalyzed: z.number(),
  dataExports: z.number(),
  apiRequests: z.number(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

export const activityItemSchema = z.object({
  kind: z.enum(['upload', 'processed', 'failed', 'cancelled', 'export']),
  message: z.string(),
  at: z.string(),
  projectId: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const dailyCountSchema = z.object({ date: z.string(), count: z.number() });
export type DailyCount = z.infer<typeof dailyCountSchema>;

export const projectUsageSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  status: z.string(),
  elementCount: z.number(),
  /** Wall time of the last processing job, ms. */
  processingMs: z.number().nullable(),
  feedRequests: z.number(),
  exports: z.number(),
});
export type ProjectUsage = z.infer<typeof projectUsageSchema>;

/**
 * The signed-in user's own figures (dashboard quick stats, recent activity, performance, feed chart). Feed
 * requests are the caller's OData data reads (entity sets, counts, key access; not the service document or
 * $metadata); exports the caller's CSV downloads. Each total is `perProject` summed plus `outsideOwnProjects`.
 */
export const userStatsSchema = z.object({
  projects: z.number(),
  readyProjects: z.number(),
  elements: z.number(),
  feedRequests: z.number(),
  exports: z.number(),
  /** Reads of several projects at once (the root's sets without one ProjectId) and of projects not the caller's (the demo). */
  outsideOwnProjects: z.object({ feedRequests: z.number(), exports: z.number() }),
  /** Last 90 days, oldest first, one entry per day (zeros included). */
  feedRequestsByDay: z.array(dailyCountSchema),
  perProject: z.array(projectUsageSchema),
  recentActivity: z.array(activityItemSchema),
});
export type UserStats = z.infer<typeof userStatsSchema>;
