import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { controlJob } from '../api/control-job';
import { createDemo, createSampleThenDemo } from '../api/create-demo';
import { getProject } from '@/lib/api/projects';
import { connectorReducer, initialConnectorState, isRunStoppable, PAUSE_NOTE } from '../connector-state';
import { useUploadLimit } from '@/lib/api/upload-limits';
import { INVALID_EXTENSION_MESSAGE, isIfcFileName, tooLargeMessage } from '../file-rules';
import type { UploadChoice } from '../upload-choice';
import { findRunningJob } from '../api/find-running-job';
import { forgetRun, readRememberedRun } from '../run-memory';
import { followRun, resumedRun } from './follow-run';
import { runProcessing } from './run-processing';
import { useConnectorLog } from './use-connector-log';

/** The connector screen's state and every transition of spec §4, wired to the real API. */
export function useConnectorFlow() {
  const [state, dispatch] = useReducer(connectorReducer, initialConnectorState);
  const addLog = useConnectorLog(dispatch);
  const run = useRef<AbortController | null>(null);
  const [busy, setBusy] = useState<null | 'control' | 'demo' | 'demoData'>(null);
  // True until the look for a run still on the server (below) has answered, found one or not.
  const [lookingForRun, setLookingForRun] = useState(true);
  const stateRef = useRef(state);
  stateRef.current = state;
  // The server's MAX_UPLOAD_MB: stated on the Select step and checked before a byte is sent.
  const uploadLimit = useUploadLimit();
  const { limit } = uploadLimit;

  /** Stops the local run: the upload under way (the server keeps nothing of it), or the following of its job. */
  const dropRun = useCallback(() => {
    run.current?.abort();
    run.current = null;
  }, []);
  /**
   * Stops the local run and, while its server job is still going, the job too (a never-published project is
   * removed). A job that has ended is left alone: cancelling it could only answer 409.
   */
  const stopRun = useCallback(async () => {
    dropRun();
    forgetRun();
    const current = stateRef.current;
    if (current.job && isRunStoppable(current))
      await controlJob(current.job.jobId, 'cancel').catch(() => undefined);
  }, [dropRun]);
  // Leaving the page only stops following the job: the server finishes it and the project shows up
  // in the user's lists. While the file is still being sent, leaving stops the upload, so the Process
  // step asks first (LeaveUploadGuard), and stops it the moment the user confirms (stopUpload).
  useEffect(() => () => run.current?.abort(), []);

  // Coming back (a reload, or another page and back): the user's upload the server is still processing is shown
  // again with its live progress and controls, unless a file has been chosen meanwhile. Not finding one (or the
  // lookup failing) leaves the Select step as it is.
  useEffect(() => {
    const controller = new AbortController();
    void findRunningJob(readRememberedRun())
      .then((job) => {
        const current = stateRef.current;
        if (!job || controller.signal.aborted || current.step !== 'select' || current.file) return;
        run.current?.abort();
        run.current = controller;
        dispatch({ type: 'resumed', job });
        addLog(`Following the processing of ${job.fileName} again (job ${job.jobId})`, 'info', 'upload');
        setLookingForRun(false);
        return followRun(resumedRun(job), controller.signal, dispatch, addLog);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setLookingForRun(false);
      });
    return () => controller.abort();
  }, [addLog]);

  const selectFile = useCallback(
    (file: File, input?: HTMLInputElement | null): void => {
      if (!isIfcFileName(file.name)) {
        window.alert(INVALID_EXTENSION_MESSAGE);
        if (input) input.value = '';
        return;
      }
      if (limit && file.size > limit.maxBytes) {
        if (input) input.value = '';
        dispatch({ type: 'fileRefused', message: tooLargeMessage(file.size, limit) });
        return;
      }
      dispatch({ type: 'fileSelected', file });
    },
    [limit],
  );

  /** `target`: a new project, or a new version of one of the user's models (the Preview step's question). */
  const start = useCallback(
    (target: UploadChoice = { kind: 'new' }) => {
      if (!state.file) return;
      run.current?.abort();
      const controller = new AbortController();
      run.current = controller;
      dispatch({ type: 'started' });
      void runProcessing(state.file, controller.signal, dispatch, addLog, target);
    },
    [state.file, addLog],
  );

  const cancel = useCallback(async () => {
    const stopped = stopRun(); // reads the job before the state forgets it
    dispatch({ type: 'cancelled' });
    await stopped;
  }, [stopRun]);

  const running = state.phase === 'uploading' || state.phase === 'processing';
  const back = useCallback(() => {
    if (state.step === 'process' && running) {
      void cancel();
      return;
    }
    // A run that has ended (failed, or at 100% before Results) only stops being followed.
    dropRun();
    dispatch({ type: 'back' });
  }, [state.step, running, cancel, dropRun]);

  const togglePause = useCallback(async () => {
    const job = state.job;
    if (!job || busy) return;
    const action = state.paused ? 'resume' : 'pause';
    setBusy('control');
    try {
      await controlJob(job.jobId, action);
      dispatch({ type: 'paused', paused: action === 'pause' });
      if (action === 'pause') addLog(PAUSE_NOTE, 'info');
    } catch (error) {
      addLog(`Could not ${action} processing: ${getErrorMessage(error)}`, 'error');
    } finally {
      setBusy(null);
    }
  }, [state.job, state.paused, busy, addLog]);

  const processAnother = useCallback(() => {
    void stopRun();
    dispatch({ type: 'reset' });
  }, [stopRun]);

  /** After a failed upload: back to Select with nothing kept, so a different file can be chosen. */
  const chooseAnother = useCallback(() => {
    dropRun();
    dispatch({ type: 'reset' });
  }, [dropRun]);

  const switchToDemo = useCallback(async () => {
    setBusy('demo');
    try {
      const demo = await createSampleThenDemo();
      const project = await getProject(demo.projectId).catch(() => null);
      const count = project?.elementCount ?? demo.elementCount;
      addLog(`Using the demo project (${demo.projectId}), not your file`, 'info', 'complete');
      addLog(`Upload complete - ${count} elements extracted`, 'success', 'complete', 100);
      addLog('OData endpoint ready for Tableau', 'success', 'complete', 100);
      dispatch({
        type: 'demoReady',
        result: {
          projectId: demo.projectId,
          odataUrl: demo.odataUrl,
          tableauUrl: demo.tableauUrl,
          elementCount: count,
          demo: true,
        },
      });
    } catch (error) {
      addLog(`Failed to create demo data: ${getErrorMessage(error)}`, 'error');
    } finally {
      setBusy(null);
    }
  }, [addLog]);

  const createDemoData = useCallback(async () => {
    setBusy('demoData');
    try {
      dispatch({ type: 'demoData', demo: await createDemo('create-demo') });
      addLog('Demo data created successfully', 'success');
    } catch {
      addLog('Failed to create demo data', 'error');
    } finally {
      setBusy(null);
    }
  }, [addLog]);

  const copyUrl = useCallback(
    async (url: string) => {
      try {
        await navigator.clipboard.writeText(url);
        addLog('URL copied to clipboard', 'success');
      } catch {
        addLog('Failed to copy URL', 'error');
      }
    },
    [addLog],
  );

  return {
    state,
    busy,
    lookingForRun,
    limitText: uploadLimit.text,
    selectFile,
    start,
    cancel,
    back,
    togglePause,
    processAnother,
    chooseAnother,
    stopUpload: dropRun,
    switchToDemo,
    createDemoData,
    copyUrl,
  };
}
