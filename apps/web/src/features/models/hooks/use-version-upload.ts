import { useCallback, useEffect, useReducer, useRef } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { uploadModelFile, type UploadTarget } from '@/lib/api/upload-model-file';
import { bearerHeader } from '@/lib/auth-token';
import { followJobEvents } from '@/lib/job-events/follow-job-events';
import { useRefreshProject } from '../api/model-mutations';
import { initialUpload, uploadReducer } from '../upload-progress';

/**
 * Uploads a file as a new version (or a new model) and follows its job's events as the connector does, so the bar
 * moves with the server's real progress. The history is read again once the server accepts the file (the version
 * shows up as processing) and when the job ends. Leaving the page stops following, not the job.
 */
export function useVersionUpload(target: UploadTarget) {
  const [state, dispatch] = useReducer(uploadReducer, initialUpload);
  const refresh = useRefreshProject();
  const run = useRef<AbortController | null>(null);
  useEffect(() => () => run.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      run.current?.abort();
      const controller = new AbortController();
      run.current = controller;
      const { signal } = controller;
      dispatch({ type: 'start', fileName: file.name });
      try {
        const accepted = await uploadModelFile(target, file, {
          signal,
          onProgress: (fraction) => dispatch({ type: 'sent', fraction }),
        });
        dispatch({ type: 'accepted', versionNumber: accepted.versionNumber });
        void refresh(target.projectId);
        const outcome = await followJobEvents(accepted.eventsUrl, {
          authorization: bearerHeader(),
          signal,
          onLog: (entry) => dispatch({ type: 'log', message: entry.message, progress: entry.progress }),
        });
        if (outcome.kind === 'error') dispatch({ type: 'failed', message: outcome.entry.message });
        else dispatch({ type: 'done' });
      } catch (error) {
        if (signal.aborted) return;
        dispatch({ type: 'failed', message: getErrorMessage(error) });
      }
      if (!signal.aborted) void refresh(target.projectId);
    },
    [target, refresh],
  );

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  /** Stops the upload (the user confirmed leaving the page while it was sent): the server keeps nothing of it. */
  const stop = useCallback(() => {
    run.current?.abort();
    run.current = null;
  }, []);
  return { state, start, reset, stop };
}
