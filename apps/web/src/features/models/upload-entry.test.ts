import { uploadEntryFor } from './upload-entry';

const model = (modelId: string, name = modelId) => ({
  modelId,
  name,
  latestVersionNumber: 1,
  fileName: `${name}.ifc`,
  runningVersionNumber: null,
});

describe('the Data Sources "Upload new version" entry of a project', () => {
  it('uploads straight into a project’s only model', () => {
    expect(uploadEntryFor({ projectId: 'p', models: [model('m1')] })).toEqual({
      kind: 'upload',
      modelId: 'm1',
    });
  });

  it('sends a federated project to its page, where the user picks the model', () => {
    expect(uploadEntryFor({ projectId: 'p', models: [model('a'), model('b')] })).toEqual({
      kind: 'page',
      href: '/app/data/sources/p',
    });
  });

  it('sends a project without models to its page too, id escaped', () => {
    expect(uploadEntryFor({ projectId: 'p/ü', models: [] })).toEqual({
      kind: 'page',
      href: '/app/data/sources/p%2F%C3%BC',
    });
  });
});
