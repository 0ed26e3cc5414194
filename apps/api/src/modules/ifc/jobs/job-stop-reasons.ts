/** Why a job stopped before its end was a publish: each is recorded differently (job-end-recording.ts). */

/** A cancel from the user, or a job whose version is gone: recorded as cancelled with its message. */
export class JobCancelled extends Error {
  constructor(message = 'Processing cancelled') {
    super(message);
  }
}

/**
 * A job whose version record is gone: its model was deleted while the upload was being stored or processed (the
 * delete cancels the jobs it finds, but a version started just then may queue its job after). Its rows must not be
 * published: the store would adopt them as a new version of the project's default model.
 */
export const VERSION_DELETED = 'The model was deleted, so this upload was not published.';

/**
 * A leased run's end without a word written: another worker took the job over (its lease ran out), or this worker
 * is shutting down and hands the job back. Whoever holds the job next runs it from the start.
 */
export class LeaseLost extends Error {
  constructor(reason = 'The lease on this job was lost') {
    super(reason);
  }
}
