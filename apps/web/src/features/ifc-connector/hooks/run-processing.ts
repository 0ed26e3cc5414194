import type { Dispatch } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { currentAuthorization } from '../api/auth-header';
import { controlJob } from '../api/control-job';
import { followJobEvents } from '@/lib/job-events/follow-job-events';
import { getProject } from '@/lib/api/projects';
import { rejectedUploadLines, uploadFailureLines } from '../api/upload-failure';
import { uploadIfc } from '../api/upload-ifc';
import { uploadModelFile } from '@/lib/api/upload-model-file';
import { targetLabel, type UploadChoice } from '../upload-choice';
import type { ConnectorAction } from '../connector-state';
import { formatFileSize } from '@aec/contracts';
import { fromServer, type AddLog } from './use-connector-log';
import { RateMeter } from '../upload-rate';

/** Spec §4: Results appear about a second after the bar reaches 100. */
export const RESULTS_DELAY_MS = 1000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => window.clearTimeout(timer));
  });

/**
 * One run of the Process step against the real pipeline: upload (real bytes), follow the job's
 * events, then read the finished project for its true element count. Every failure is logged
 * with its own words and stops the run; nothing is substituted. An aborted run (Cancel, Back,
 * Process Another File) says nothing more: whoever aborted it has already moved the screen on.
 */
export async function runProcessing(
  file: File,
  signal: AbortSignal,
  dispatch: Dispatch<ConnectorAction>,
  addLog: AddLog,
  target: UploadChoice = { kind: 'new' },
): Promise<void> {
  /** `jobEnded`: the server reported the end itself, so there is no job left to cancel. */
  const fail = (lines: string[], category: 'upload' | 'complete', jobEnded = false) => {
    if (signal.aborted) return;
    for (const line of lines) addLog(line, 'error', category);
    dispatch({ type: 'failed', jobEnded });
  };

  const as = target.kind === 'new' ? '' : ` as a ${targetLabel(target).replace(/^New/, 'new')}`;
  addLog(`Uploading ${file.name} (${formatFileSize(file.size)})${as}`, 'info', 'upload', 0);
  const meter = new RateMeter();
  const onProgress = (fraction: number, loaded: number, total: number) =>
    dispatch({
      type: 'uploadProgress',
      fraction,
      sent: { loaded, total, bytesPerSecond: meter.add(performance.now(), loaded) },
    });
  let accepted;
  try {
    accepted =
      target.kind === 'new'
        ? await uploadIfc(file, { signal, onProgress })
        : await uploadModelFile(
            { kind: 'version', projectId: target.projectId, modelId: target.modelId },
            file,
            { signal, onProgress },
          );
  } catch (error) {
    return fail(uploadFailureLines(error), 'upload');
  }
  const rejected = rejectedUploadLines(accepted);
  if (rejected) return fail(rejected, 'upload');
  if (signal.aborted) {
    // Cancelled while the answer was on its way: the job exists, so stop it too.
    await controlJob(accepted.jobId, 'cancel').catch(() => undefined);
    return;
  }
  dispatch({ type: 'uploaded', jobId: accepted.jobId, projectId: accepted.projectId });
  addLog(`File uploaded, processing started (job ${accepted.jobId})`, 'info', 'upload');

  let outcome;
  try {
    outcome = await followJobEvents(accepted.eventsUrl, {
      authorization: currentAuthorization(),
      signal,
      onLog: (entry) => dispatch({ type: 'log', entry: fromServer(entry) }),
    });
  } catch (error) {
    return fail([`Error processing IFC file: ${getErrorMessage(error)}`], 'complete');
  }
  if (outcome.kind === 'error') {
    return fail([`Error processing IFC file: ${outcome.entry.message}`], 'complete', true);
  }
  dispatch({ type: 'log', entry: fromServer(outcome.entry) });

  let project;
  try {
    project = await getProject(accepted.projectId);
  } catch (error) {
    return fail(
      [`Error processing IFC file: could not read the project (${getErrorMessage(error)})`],
      'complete',
      true,
    );
  }
  if (signal.aborted) return;
  addLog(`Upload complete - ${project.elementCount} elements extracted`, 'success', 'complete', 100);
  addLog('OData endpoint ready for Tableau', 'success', 'complete', 100);
  dispatch({
    type: 'finished',
    result: {
      projectId: project.projectId,
      odataUrl: accepted.odataUrl,
      tableauUrl: accepted.tableauUrl,
      elementCount: project.elementCount,
      demo: false,
    },
  });
  await wait(RESULTS_DELAY_MS, signal);
  if (!signal.aborted) dispatch({ type: 'showResults' });
}
