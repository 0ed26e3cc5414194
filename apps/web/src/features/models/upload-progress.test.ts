import { initialUpload, uploadReducer, uploadStatusText } from './upload-progress';

describe('a version upload’s progress', () => {
  it('fills the first tenth of the bar with bytes sent, then follows the job’s own progress', () => {
    let state = uploadReducer(initialUpload, { type: 'start', fileName: 'tower.ifc' });
    expect(state).toMatchObject({ phase: 'uploading', progress: 0 });
    state = uploadReducer(state, { type: 'sent', fraction: 0.5 });
    expect(state.progress).toBe(5);
    state = uploadReducer(state, { type: 'accepted', versionNumber: 3 });
    expect(state).toMatchObject({ phase: 'processing', versionNumber: 3 });
    state = uploadReducer(state, { type: 'log', message: 'Parsing the model', progress: 40 });
    expect(state).toMatchObject({ progress: 40, message: 'Parsing the model' });
    // A log line without progress keeps the bar where it was.
    state = uploadReducer(state, { type: 'log', message: 'Schema IFC4' });
    expect(state.progress).toBe(40);
    state = uploadReducer(state, { type: 'done' });
    expect(state).toMatchObject({ phase: 'done', progress: 100 });
  });

  it('never moves the bar backwards', () => {
    let state = uploadReducer(initialUpload, { type: 'start', fileName: 'a.ifc' });
    state = uploadReducer(state, { type: 'accepted', versionNumber: 2 });
    state = uploadReducer(state, { type: 'log', message: 'x', progress: 60 });
    state = uploadReducer(state, { type: 'log', message: 'y', progress: 20 });
    expect(state.progress).toBe(60);
  });

  it('keeps the reason of a failure and says it', () => {
    let state = uploadReducer(initialUpload, { type: 'start', fileName: 'a.ifc' });
    state = uploadReducer(state, { type: 'failed', message: 'Not an IFC file' });
    expect(state).toMatchObject({ phase: 'failed', message: 'Not an IFC file' });
    expect(uploadStatusText(state)).toBe('Upload of a.ifc failed: Not an IFC file');
  });

  it('describes each phase in words for the live region', () => {
    const start = uploadReducer(initialUpload, { type: 'start', fileName: 'a.ifc' });
    expect(uploadStatusText(start)).toBe('Uploading a.ifc… 0%');
    const accepted = uploadReducer(start, { type: 'accepted', versionNumber: 2 });
    expect(uploadStatusText(accepted)).toBe('Processing version 2… 10%');
    expect(uploadStatusText(uploadReducer(accepted, { type: 'done' }))).toBe('Version 2 is ready');
    expect(uploadStatusText(initialUpload)).toBe('');
  });
});
