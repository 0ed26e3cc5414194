import { withFakeFetch } from './fake-fetch';
import { uploadModelFile } from './upload-model-file';

const accepted = {
  success: true,
  message: 'Processing started',
  projectId: 'p 1',
  jobId: 'j1',
  status: 'queued',
  eventsUrl: '/api/ifc/jobs/j1/events',
  odataUrl: 'http://x/api/ifc/odata/',
  tableauUrl: 'http://x/api/ifc/odata/IFCElements',
  modelId: 'm/1',
  versionNumber: 2,
};

const file = () => new File(['ISO-10303-21;'], 'Tower – rev B.ifc');

describe('uploadModelFile', () => {
  it('posts the file as ifcFile to the model’s versions, ids escaped', async () => {
    const fake = withFakeFetch([{ status: 202, body: accepted }]);
    const answer = await uploadModelFile({ kind: 'version', projectId: 'p 1', modelId: 'm/1' }, file(), {});
    expect(answer).toMatchObject({ modelId: 'm/1', versionNumber: 2, jobId: 'j1' });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/api/ifc/projects/p%201/models/m%2F1/versions' });
    const sent = (request!.body as FormData).get('ifcFile') as File;
    expect(sent.name).toBe('Tower – rev B.ifc');
  });

  it('adds a model with its trimmed name, or without one so the server names it after the file', async () => {
    const fake = withFakeFetch([
      { status: 202, body: accepted },
      { status: 202, body: accepted },
    ]);
    await uploadModelFile({ kind: 'model', projectId: 'p', name: '  Structure ' }, file(), {});
    await uploadModelFile({ kind: 'model', projectId: 'p', name: '   ' }, file(), {});
    expect(fake.requests.map((r) => r.url)).toEqual([
      '/api/ifc/projects/p/models',
      '/api/ifc/projects/p/models',
    ]);
    expect((fake.requests[0]!.body as FormData).get('name')).toBe('Structure');
    expect((fake.requests[1]!.body as FormData).has('name')).toBe(false);
  });

  it('rejects with the server’s answer when it refuses the upload', async () => {
    withFakeFetch([{ status: 404, body: { error: 'Project not found', code: 'NOT_FOUND' } }]);
    await expect(
      uploadModelFile({ kind: 'version', projectId: 'p', modelId: 'm' }, file(), {}),
    ).rejects.toMatchObject({ response: { status: 404, data: { error: 'Project not found' } } });
  });

  it('refuses an answer that is not the contract’s shape rather than showing half a result', async () => {
    withFakeFetch([{ status: 202, body: { ...accepted, versionNumber: undefined } }]);
    await expect(
      uploadModelFile({ kind: 'version', projectId: 'p', modelId: 'm' }, file(), {}),
    ).rejects.toThrow();
  });
});
