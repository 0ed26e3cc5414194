import { randomUUID } from 'node:crypto';
import { storeTargets } from '../../../test/store-fixtures';
import type { Store } from '../../../store/types';
import { AppError } from '../../../errors/app-error';
import { startVersion, type StartVersionDeps } from './start-version';

// The version's record comes first; a model deleted while the file arrived is the client's 404, not a server error.
describe('startVersion', () => {
  const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
  let store: Store;
  beforeEach(async () => {
    store = await sqlite.open();
  });
  afterEach(() => sqlite.dispose(store));

  const deps = (): StartVersionDeps => ({
    store,
    processor: { enqueue: jest.fn() } as unknown as StartVersionDeps['processor'],
    events: { append: jest.fn() } as unknown as StartVersionDeps['events'],
    files: { remove: jest.fn() } as unknown as StartVersionDeps['files'],
  });

  it('answers 404 MODEL_NOT_FOUND when the model is gone, and places no file', async () => {
    const project = await store.projects.create({
      id: `p_${randomUUID()}`,
      ownerId: null,
      isPublic: false,
      name: 'Gone',
      fileName: 'gone.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    const placeFile = jest.fn(async () => '/nowhere.ifc');
    const d = deps();
    const started = startVersion(d, {
      projectId: project.id,
      modelId: 'model_deleted_meanwhile',
      ownerId: null,
      fileName: 'v2.ifc',
      fileSize: 10,
      schema: 'IFC4',
      placeFile,
    });
    await expect(started).rejects.toBeInstanceOf(AppError);
    await expect(started).rejects.toMatchObject({ status: 404, code: 'MODEL_NOT_FOUND' });
    expect(placeFile).not.toHaveBeenCalled();
    expect(d.processor.enqueue).not.toHaveBeenCalled();
  });
});
