import type { RunningJob } from './running-job';
import type { ConnectorResult, DemoResult, LogEntry } from './types';
import type { UploadSent } from './upload-rate';

export type Step = 'select' | 'preview' | 'process' | 'results';
/** Within the Process step: sending bytes, following the job, showing 100% before Results, or stopped by a failure. */
export type Phase = 'idle' | 'uploading' | 'processing' | 'finishing' | 'failed';

export type ConnectorState = {
  step: Step;
  file: File | null;
  /** The file name of a run found on the server again after a reload: the browser no longer holds its File. */
  runFileName: string | null;
  /** Why the chosen file was refused on the Select step (too large). */
  selectError: string | null;
  logs: LogEntry[];
  progress: number;
  /** Share of the file's bytes sent so far (0–1), from the browser's upload progress events. */
  uploaded: number;
  /** Bytes sent of the total and the recent rate, while the file uploads (null before the first progress event). */
  sent: UploadSent | null;
  phase: Phase;
  paused: boolean;
  /** `ended`: the server job is over (ready or failed), so leaving the run must not try to cancel it. */
  job: { jobId: string; projectId: string; ended: boolean } | null;
  /** What happened to the last run when the screen moved on from it (Preview shows it after Cancel). */
  notice: string | null;
  result: ConnectorResult | null;
  /** The demo project made by the Results step's Create Demo Data button. */
  demoData: DemoResult | null;
};

export const initialConnectorState: ConnectorState = {
  step: 'select',
  file: null,
  runFileName: null,
  selectError: null,
  logs: [],
  progress: 0,
  uploaded: 0,
  sent: null,
  phase: 'idle',
  paused: false,
  job: null,
  notice: null,
  result: null,
  demoData: null,
};

/** Pausing takes effect between steps: a parse in progress (one web-ifc call) cannot stop half-way. */
export const PAUSE_NOTE =
  'Pausing: the step in progress finishes first, then nothing more is done until you resume.';

export const CANCELLED_NOTICE =
  'Processing cancelled: the server job was stopped and nothing was published. Start again, or go Back to choose another file.';

/** The same for a run followed again after a reload: its file is not in this page, so the way on is choosing one. */
export const CANCELLED_RESUMED_NOTICE =
  'Processing cancelled: the server job was stopped and nothing was published. Choose a file to start again.';

export type ConnectorAction =
  | { type: 'fileSelected'; file: File }
  | { type: 'fileRefused'; message: string }
  | { type: 'back' }
  | { type: 'started' }
  | { type: 'uploadProgress'; fraction: number; sent?: UploadSent }
  | { type: 'uploaded'; jobId: string; projectId: string }
  /** The user's job still running on the server, found after a reload: its progress is followed again. */
  | { type: 'resumed'; job: RunningJob }
  | { type: 'log'; entry: LogEntry }
  | { type: 'paused'; paused: boolean }
  /** `jobEnded`: the server said the job failed (not merely that the browser lost track of it). */
  | { type: 'failed'; jobEnded: boolean }
  | { type: 'finished'; result: ConnectorResult }
  | { type: 'showResults' }
  | { type: 'cancelled' }
  | { type: 'demoReady'; result: ConnectorResult }
  | { type: 'demoData'; demo: DemoResult }
  | { type: 'reset' };

const endJob = (job: ConnectorState['job'], ended: boolean) => (job && ended ? { ...job, ended } : job);

/** The name of the file the run processes (the chosen one, or the one a resumed run's job reads). */
export const runFileName = (state: ConnectorState): string | null => state.file?.name ?? state.runFileName;

/** True while the run can still be stopped: a server job exists and has not ended. */
export const isRunStoppable = (state: ConnectorState): boolean => state.job !== null && !state.job.ended;

/** The upload's bytes fill the first tenth of the bar; the server's progress bands start at 10. */
export const UPLOAD_SHARE = 10;

/** Spec §4 IFC connector flow. Side effects (requests, timers) live in the hook; this is the state. */
export function connectorReducer(state: ConnectorState, action: ConnectorAction): ConnectorState {
  switch (action.type) {
    case 'fileSelected':
      return { ...initialConnectorState, step: 'preview', file: action.file };
    case 'fileRefused':
      return { ...initialConnectorState, selectError: action.message };
    case 'back':
      if (state.step === 'preview') return { ...initialConnectorState };
      // A resumed run has no chosen file to preview again: its way back is the Select step.
      if (
        !state.file &&
        (state.step === 'results' || state.phase === 'failed' || state.phase === 'finishing')
      ) {
        return { ...initialConnectorState };
      }
      // From Results, or from a run that has already ended (failed or finishing): nothing to cancel.
      if (state.step === 'results' || state.phase === 'failed' || state.phase === 'finishing') {
        return { ...state, step: 'preview', phase: 'idle', paused: false, progress: 0, notice: null };
      }
      return state;
    case 'started':
      return {
        ...state,
        step: 'process',
        phase: 'uploading',
        logs: [],
        progress: 0,
        uploaded: 0,
        sent: null,
        paused: false,
        job: null,
        notice: null,
        result: null,
        demoData: null,
      };
    case 'uploadProgress':
      if (state.phase !== 'uploading') return state;
      return {
        ...state,
        uploaded: action.fraction,
        sent: action.sent ?? state.sent,
        progress: Math.max(state.progress, Math.round(action.fraction * UPLOAD_SHARE)),
      };
    case 'uploaded':
      return {
        ...state,
        phase: 'processing',
        job: { jobId: action.jobId, projectId: action.projectId, ended: false },
      };
    case 'resumed':
      return {
        ...initialConnectorState,
        step: 'process',
        phase: 'processing',
        runFileName: action.job.fileName,
        progress: UPLOAD_SHARE,
        paused: action.job.paused,
        job: { jobId: action.job.jobId, projectId: action.job.projectId, ended: false },
      };
    case 'log': {
      if (state.logs.some((entry) => entry.id === action.entry.id)) return state;
      const progress = action.entry.progress ?? state.progress;
      return { ...state, logs: [...state.logs, action.entry], progress };
    }
    case 'paused':
      return { ...state, paused: action.paused };
    case 'failed':
      return { ...state, phase: 'failed', paused: false, job: endJob(state.job, action.jobEnded) };
    case 'finished':
      return {
        ...state,
        phase: 'finishing',
        progress: 100,
        paused: false,
        job: endJob(state.job, true),
        result: action.result,
      };
    case 'showResults':
      return state.phase === 'finishing' ? { ...state, step: 'results', phase: 'idle' } : state;
    case 'cancelled':
      // A resumed run (no chosen file) goes back to Select, which says the same.
      if (!state.file) return { ...initialConnectorState, notice: CANCELLED_RESUMED_NOTICE };
      return {
        ...state,
        step: 'preview',
        phase: 'idle',
        paused: false,
        job: null,
        progress: 0,
        notice: CANCELLED_NOTICE,
      };
    case 'demoReady':
      return {
        ...state,
        step: 'results',
        phase: 'idle',
        paused: false,
        progress: 100,
        result: action.result,
      };
    case 'demoData':
      return { ...state, demoData: action.demo };
    case 'reset':
      return { ...initialConnectorState };
  }
}
