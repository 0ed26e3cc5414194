import type { Dispatch } from 'react';
import { controlJob } from '../api/control-job';
import { rejectedUploadLines, uploadFailureLines } from '../api/upload-failure';
import { uploadIfc } from '../api/upload-ifc';
import { uploadModelFile } from '@/lib/api/upload-model-file';
import { targetLabel, type UploadChoice } from '../upload-choice';
import type { ConnectorAction } from '../connector-state';
import { formatFileSize } from '@aec/contracts';
import { rememberRun } from '../run-memory';
import { followRun } from './follow-run';
import type { AddLog } from './use-connector-log';
import { RateMeter } from '../upload-rate';

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
  const fail = (lines: string[]) => {
    if (signal.aborted) return;
    for (const line of lines) addLog(line, 'error', 'upload');
    dispatch({ type: 'failed', jobEnded: false });
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
    return fail(uploadFailureLines(error));
  }
  const rejected = rejectedUploadLines(accepted);
  if (rejected) return fail(rejected);
  if (signal.aborted) {
    // Cancelled while the answer was on its way: the job exists, so stop it too.
    await controlJob(accepted.jobId, 'cancel').catch(() => undefined);
    return;
  }
  dispatch({ type: 'uploaded', jobId: accepted.jobId, projectId: accepted.projectId });
  rememberRun(accepted.projectId);
  addLog(`File uploaded, processing started (job ${accepted.jobId})`, 'info', 'upload');
  await followRun(accepted, signal, dispatch, addLog);
}
