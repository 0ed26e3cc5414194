import type { Dispatch } from 'react';
import type { UploadAccepted } from '@aec/contracts';
import { getErrorMessage } from '@/lib/api-client';
import { getProject } from '@/lib/api/projects';
import { projectFeedUrl, projectServiceRoot } from '@/lib/feed-urls';
import { followJobEvents } from '@/lib/job-events/follow-job-events';
import { currentAuthorization } from '../api/auth-header';
import { jobEventsUrl } from '../api/get-job';
import type { ConnectorAction } from '../connector-state';
import { forgetRun } from '../run-memory';
import type { RunningJob } from '../running-job';
import { fromServer, type AddLog } from './use-connector-log';

/** Spec §4: Results appear about a second after the bar reaches 100. */
export const RESULTS_DELAY_MS = 1000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => window.clearTimeout(timer));
  });

/** A server job to follow to its end: the upload's answer, or a running job found again after a reload. */
export type FollowedRun = Pick<
  UploadAccepted,
  'jobId' | 'projectId' | 'eventsUrl' | 'odataUrl' | 'tableauUrl'
>;

/** The run of a job found still running after a reload, with the URLs its upload answer gave. */
export function resumedRun(job: RunningJob, origin = window.location.origin): FollowedRun {
  return {
    jobId: job.jobId,
    projectId: job.projectId,
    eventsUrl: jobEventsUrl(job.jobId),
    odataUrl: projectServiceRoot(origin, job.projectId),
    tableauUrl: projectFeedUrl(origin, job.projectId),
  };
}

/**
 * The rest of a run once the server holds the job: follow its events (from the start of its log, so a run followed
 * again after a reload shows every step so far), then read the finished project for its true element count.
 */
export async function followRun(
  run: FollowedRun,
  signal: AbortSignal,
  dispatch: Dispatch<ConnectorAction>,
  addLog: AddLog,
): Promise<void> {
  const fail = (lines: string[], jobEnded = false) => {
    if (signal.aborted) return;
    if (jobEnded) forgetRun();
    for (const line of lines) addLog(line, 'error', 'complete');
    dispatch({ type: 'failed', jobEnded });
  };
  let outcome;
  try {
    outcome = await followJobEvents(run.eventsUrl, {
      authorization: currentAuthorization(),
      signal,
      onLog: (entry) => dispatch({ type: 'log', entry: fromServer(entry) }),
    });
  } catch (error) {
    return fail([`Error processing IFC file: ${getErrorMessage(error)}`]);
  }
  if (outcome.kind === 'error') {
    return fail([`Error processing IFC file: ${outcome.entry.message}`], true);
  }
  forgetRun();
  dispatch({ type: 'log', entry: fromServer(outcome.entry) });

  let project;
  try {
    project = await getProject(run.projectId);
  } catch (error) {
    return fail([`Error processing IFC file: could not read the project (${getErrorMessage(error)})`], true);
  }
  if (signal.aborted) return;
  addLog(`Upload complete - ${project.elementCount} elements extracted`, 'success', 'complete', 100);
  addLog('OData endpoint ready for Tableau', 'success', 'complete', 100);
  dispatch({
    type: 'finished',
    result: {
      projectId: project.projectId,
      odataUrl: run.odataUrl,
      tableauUrl: run.tableauUrl,
      elementCount: project.elementCount,
      demo: false,
    },
  });
  await wait(RESULTS_DELAY_MS, signal);
  if (!signal.aborted) dispatch({ type: 'showResults' });
}
