import {
  CANCELLED_NOTICE,
  CANCELLED_RESUMED_NOTICE,
  runFileName,
  connectorReducer as reduce,
  initialConnectorState,
  isRunStoppable,
  type ConnectorState,
} from './connector-state';
import type { ConnectorResult } from './types';

const file = { name: 'model.ifc', size: 2048 } as File;
const result: ConnectorResult = {
  projectId: 'p1',
  odataUrl: 'http://h/api/ifc/odata/projects/p1/',
  tableauUrl: 'http://h/api/ifc/odata/IFCElements',
  elementCount: 42,
  demo: false,
};
const log = (id: string, progress?: number) => ({
  type: 'log' as const,
  entry: {
    id,
    timestamp: 't',
    message: id,
    type: 'info' as const,
    ...(progress !== undefined ? { progress } : {}),
  },
});

function processing(): ConnectorState {
  let state = reduce(initialConnectorState, { type: 'fileSelected', file });
  state = reduce(state, { type: 'started' });
  return reduce(state, { type: 'uploaded', jobId: 'j1', projectId: 'p1' });
}

describe('connectorReducer', () => {
  it('select → preview clears log, progress and results; Back from preview clears the file', () => {
    const dirty = { ...initialConnectorState, logs: [log('x').entry], progress: 50, result };
    const preview = reduce(dirty, { type: 'fileSelected', file });
    expect(preview).toMatchObject({ step: 'preview', file, logs: [], progress: 0, result: null });
    expect(reduce(preview, { type: 'back' })).toEqual(initialConnectorState);
  });

  it('keeps a refused file off the Preview step and says why', () => {
    const refused = reduce(initialConnectorState, { type: 'fileRefused', message: 'too big' });
    expect(refused).toMatchObject({ step: 'select', file: null, selectError: 'too big' });
  });

  it('fills the first tenth with upload bytes, then follows the server progress', () => {
    let state = reduce(reduce(initialConnectorState, { type: 'fileSelected', file }), { type: 'started' });
    state = reduce(state, { type: 'uploadProgress', fraction: 0.55 });
    expect(state).toMatchObject({ progress: 6, uploaded: 0.55 });
    state = reduce(state, { type: 'uploaded', jobId: 'j1', projectId: 'p1' });
    state = reduce(state, { type: 'uploadProgress', fraction: 1 });
    expect(state.progress).toBe(6);
    state = reduce(state, log('s1', 20));
    state = reduce(state, log('s2'));
    expect(state.progress).toBe(20);
    expect(reduce(state, log('s1', 20)).logs).toHaveLength(2);
  });

  it('keeps the bytes sent and the rate of the upload, and forgets them when a new run starts', () => {
    let state = reduce(initialConnectorState, { type: 'fileSelected', file });
    state = reduce(state, { type: 'started' });
    expect(state.sent).toBeNull();
    const sent = { loaded: 1024, total: 2048, bytesPerSecond: 512 };
    state = reduce(state, { type: 'uploadProgress', fraction: 0.5, sent });
    expect(state.sent).toEqual(sent);
    state = reduce(reduce(state, { type: 'cancelled' }), { type: 'started' });
    expect(state.sent).toBeNull();
  });

  it('Pause/Resume toggles; Cancel clears the running and paused flags and returns to Preview', () => {
    let state = reduce(processing(), { type: 'paused', paused: true });
    expect(state.paused).toBe(true);
    state = reduce(state, { type: 'cancelled' });
    expect(state).toMatchObject({ step: 'preview', phase: 'idle', paused: false, job: null, file });
    expect(state.notice).toBe(CANCELLED_NOTICE);
    expect(reduce(state, { type: 'started' }).notice).toBeNull();
  });

  it('a run whose server job has ended is not stoppable, and Back from it goes to Preview without a notice', () => {
    expect(isRunStoppable(processing())).toBe(true);
    const finished = reduce(processing(), { type: 'finished', result });
    const serverFailed = reduce(processing(), { type: 'failed', jobEnded: true });
    const lostTrack = reduce(processing(), { type: 'failed', jobEnded: false });
    expect([finished, serverFailed, lostTrack].map(isRunStoppable)).toEqual([false, false, true]);
    for (const ended of [finished, serverFailed]) {
      expect(reduce(ended, { type: 'back' })).toMatchObject({
        step: 'preview',
        phase: 'idle',
        notice: null,
        file,
      });
    }
  });

  it('reaches Results only after finishing; Back from Results goes to Preview; Process Another File resets', () => {
    let state = reduce(processing(), { type: 'showResults' });
    expect(state.step).toBe('process');
    state = reduce(state, { type: 'finished', result });
    expect(state).toMatchObject({ progress: 100, phase: 'finishing' });
    state = reduce(state, { type: 'showResults' });
    expect(state).toMatchObject({ step: 'results', result });
    expect(reduce(state, { type: 'back' })).toMatchObject({ step: 'preview', file });
    expect(reduce(state, { type: 'reset' })).toEqual(initialConnectorState);
  });

  it('a failure stops the run on the Process step; the demo result is marked as demo', () => {
    const failed = reduce(processing(), { type: 'failed', jobEnded: true });
    expect(failed).toMatchObject({ step: 'process', phase: 'failed', paused: false });
    const demo = reduce(failed, { type: 'demoReady', result: { ...result, demo: true } });
    expect(demo).toMatchObject({ step: 'results', result: { demo: true } });
  });

  it('shows a running job found after a reload on the Process step, paused as the server says', () => {
    const job = { jobId: 'j9', projectId: 'p9', fileName: 'Tōkyō tower.ifc', paused: true };
    const resumed = reduce(initialConnectorState, { type: 'resumed', job });
    expect(resumed).toMatchObject({ step: 'process', phase: 'processing', paused: true, file: null });
    expect(resumed.job).toEqual({ jobId: 'j9', projectId: 'p9', ended: false });
    expect(isRunStoppable(resumed)).toBe(true);
    expect(runFileName(resumed)).toBe('Tōkyō tower.ifc');
    // No file to preview again: Cancel and Back lead to Select.
    expect(reduce(resumed, { type: 'cancelled' })).toEqual({
      ...initialConnectorState,
      notice: CANCELLED_RESUMED_NOTICE,
    });
    const failed = reduce(resumed, { type: 'failed', jobEnded: true });
    expect(reduce(failed, { type: 'back' })).toEqual(initialConnectorState);
    const done = reduce(reduce(resumed, { type: 'finished', result }), { type: 'showResults' });
    expect(done.step).toBe('results');
    expect(reduce(done, { type: 'back' })).toEqual(initialConnectorState);
    expect(CANCELLED_NOTICE).not.toBe(CANCELLED_RESUMED_NOTICE);
  });
});
