import type { ServerLogEntry } from '@/lib/job-events/follow-job-events';

/** Spec §3 processing log entry, as the job's event stream sends it (and as the screen adds its own). */
export type LogType = ServerLogEntry['type'];
export type LogCategory = NonNullable<ServerLogEntry['category']>;

export type LogEntry = {
  id: string;
  timestamp: string;
  message: string;
  type: LogType;
  progress?: number;
  category?: LogCategory;
};

export type { ServerLogEntry };

/** create-sample / create-demo answer (spec §3 upload response). */
export type DemoResult = {
  success: boolean;
  message: string;
  projectId: string;
  odataUrl: string;
  tableauUrl: string;
  elementCount: number;
  processingInfo: { realIFC: boolean; fallbackUsed: boolean };
};

/** What the Results step shows. `demo` says the feed is the demo project, not the user's file. */
export type ConnectorResult = {
  projectId: string;
  odataUrl: string;
  tableauUrl: string;
  elementCount: number;
  demo: boolean;
};
