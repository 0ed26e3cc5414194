/** Sending the file, following the job, or over. */
export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'done' | 'failed';

export type UploadState = {
  phase: UploadPhase;
  fileName: string;
  /** 0–100: the bytes sent fill the first tenth, the job's own progress bands the rest (as in the connector). */
  progress: number;
  versionNumber: number | null;
  /** The job's latest log line, or the reason of a failure. */
  message: string;
};

export const initialUpload: UploadState = {
  phase: 'idle',
  fileName: '',
  progress: 0,
  versionNumber: null,
  message: '',
};

export type UploadAction =
  | { type: 'start'; fileName: string }
  | { type: 'sent'; fraction: number }
  | { type: 'accepted'; versionNumber: number }
  | { type: 'log'; message: string; progress?: number }
  | { type: 'done' }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

const UPLOAD_SHARE = 10;

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'start':
      return { ...initialUpload, phase: 'uploading', fileName: action.fileName };
    case 'sent':
      return { ...state, progress: Math.max(state.progress, Math.round(action.fraction * UPLOAD_SHARE)) };
    case 'accepted':
      return {
        ...state,
        phase: 'processing',
        versionNumber: action.versionNumber,
        progress: Math.max(state.progress, UPLOAD_SHARE),
      };
    case 'log':
      return {
        ...state,
        message: action.message,
        progress: Math.max(state.progress, Math.min(100, action.progress ?? 0)),
      };
    case 'done':
      return { ...state, phase: 'done', progress: 100, message: '' };
    case 'failed':
      return { ...state, phase: 'failed', message: action.message };
    case 'reset':
      return initialUpload;
  }
}

/** One sentence for the status line (a polite live region), so a screen reader hears where the upload is. */
export function uploadStatusText(state: UploadState): string {
  const version = state.versionNumber === null ? 'the new version' : `version ${state.versionNumber}`;
  switch (state.phase) {
    case 'idle':
      return '';
    case 'uploading':
      return `Uploading ${state.fileName}… ${state.progress}%`;
    case 'processing':
      return `Processing ${version}… ${state.progress}%`;
    case 'done':
      return `${version.charAt(0).toUpperCase()}${version.slice(1)} is ready`;
    case 'failed':
      return `Upload of ${state.fileName} failed: ${state.message}`;
  }
}
