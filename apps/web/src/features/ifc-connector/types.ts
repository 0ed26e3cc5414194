/** Spec §3 processing log entry, as the job's event stream sends it (and as the screen adds its own). */
export type LogType = 'info' | 'success' | 'error';
export type LogCategory = 'upload' | 'parse' | 'extract' | 'complete';

export type LogEntry = {
  id: string;
  timestamp: string;
  message: string;
  type: LogType;
  progress?: number;
  category?: LogCategory;
};

/** The server's entry: numeric ids, which double as SSE event ids for Last-Event-ID. */
export type ServerLogEntry = Omit<LogEntry, 'id'> & { id: number };

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
