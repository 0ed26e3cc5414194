import { withFakeFetch } from '@/lib/api/fake-fetch';
import { updateProjectSettings } from '@/lib/api/projects';
import { projectSummaryFixture } from '@/lib/test/project-summary-fixture';
import { historyFixture, modelFixture } from '../history-fixture';
import { deleteModel } from './delete-model';
import { deleteVersion } from './delete-version';
import { getProjectModels } from './get-project-models';
import { renameModel } from './rename-model';
import { rollbackVersion } from './rollback-version';

const summary = projectSummaryFixture({
  models: [
    {
      modelId: 'm1',
      name: 'Architecture',
      latestVersionNumber: 1,
      fileName: 'Tower.ifc',
      runningVersionNumber: null,
    },
  ],
  retention: 3,
});

describe('the models fetchers', () => {
  it('reads a project’s history and checks its shape', async () => {
    const fake = withFakeFetch([{ status: 200, body: historyFixture([modelFixture()]) }]);
    const history = await getProjectModels('p 1');
    expect(history.models[0]?.versions[0]?.number).toBe(1);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', url: '/api/ifc/projects/p%201/models' });
  });

  it('refuses a history missing a field instead of drawing it half', async () => {
    const broken = historyFixture([modelFixture()]) as unknown as { models: Array<Record<string, unknown>> };
    delete broken.models[0]!.versions;
    withFakeFetch([{ status: 200, body: broken }]);
    await expect(getProjectModels('p')).rejects.toThrow();
  });

  it('renames with the trimmed name, and never sends an empty or too long one', async () => {
    const fake = withFakeFetch([{ status: 200, body: { ...modelFixture(), name: 'Tragwerk ü' } }]);
    const model = await renameModel({ projectId: 'p', modelId: 'm/1', name: '  Tragwerk ü ' });
    expect(model.name).toBe('Tragwerk ü');
    expect(fake.requests[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/ifc/projects/p/models/m%2F1',
      body: { name: 'Tragwerk ü' },
    });
    await expect(renameModel({ projectId: 'p', modelId: 'm', name: '   ' })).rejects.toThrow(
      'Enter a model name',
    );
    await expect(renameModel({ projectId: 'p', modelId: 'm', name: 'x'.repeat(121) })).rejects.toThrow(
      /at most 120/,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('deletes a model and a version, and rolls back, at their own URLs', async () => {
    const fake = withFakeFetch([{ status: 204 }, { status: 204 }, { status: 200, body: {} }]);
    await deleteModel({ projectId: 'p', modelId: 'm2' });
    await deleteVersion({ projectId: 'p', modelId: 'm1', number: 2 });
    await rollbackVersion({ projectId: 'p', modelId: 'm1', number: 1 });
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/ifc/projects/p/models/m2',
      'DELETE /api/ifc/projects/p/models/m1/versions/2',
      'POST /api/ifc/projects/p/models/m1/versions/1/rollback',
    ]);
  });

  it('passes the server’s refusal on (the screen shows its error text)', async () => {
    withFakeFetch([
      { status: 409, body: { error: 'The published version cannot be deleted', code: 'VERSION_PUBLISHED' } },
    ]);
    await expect(deleteVersion({ projectId: 'p', modelId: 'm', number: 2 })).rejects.toMatchObject({
      response: { status: 409, data: { code: 'VERSION_PUBLISHED' } },
    });
  });

  it('sets the retention of a project (null keeps all) and checks it first', async () => {
    const fake = withFakeFetch([
      { status: 200, body: summary },
      { status: 200, body: { ...summary, retention: null } },
    ]);
    expect((await updateProjectSettings({ projectId: 'p 1', retention: 3 })).retention).toBe(3);
    await updateProjectSettings({ projectId: 'p 1', retention: null });
    await expect(updateProjectSettings({ projectId: 'p 1', retention: 0 })).rejects.toThrow();
    expect(fake.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['PATCH', '/api/ifc/projects/p%201', { retention: 3 }],
      ['PATCH', '/api/ifc/projects/p%201', { retention: null }],
    ]);
  });
});
