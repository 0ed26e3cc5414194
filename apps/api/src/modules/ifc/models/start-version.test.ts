import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { storeTargets } from '../../../test/store-fixtures';
import type { Store } from '../../../store/types';
import { AppError } from '../../../errors/app-error';
import { startVersion, type StartVersionDeps } from './start-version';
import { createModelsService } from './models.service';

// A project or model deleted by another request while this one's file arrived: the client's 404, not a server error.
describe('starting a version of a model deleted meanwhile', () => {
  const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
  let store: Store;
  let dir: string;
  beforeEach(async () => {
    store = await sqlite.open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-start-'));
  });
  afterEach(async () => {
    await sqlite.dispose(store);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const deps = (): StartVersionDeps => ({
    store,
    processor: { enqueue: jest.fn() } as unknown as StartVersionDeps['processor'],
    events: { append: jest.fn() } as unknown as StartVersionDeps['events'],
    files: { remove: jest.fn() } as unknown as StartVersionDeps['files'],
  });
  const newProject = async (ownerId: string | null = null) =>
    store.projects.create({
      id: `p_${randomUUID()}`,
      ownerId,
      isPublic: false,
      name: 'Gone',
      fileName: 'gone.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
  const start = (d: StartVersionDeps, projectId: string, modelId: string, placeFile: () => Promise<string>) =>
    startVersion(d, {
      projectId,
      modelId,
      ownerId: null,
      fileName: 'v2.ifc',
      fileSize: 10,
      schema: 'IFC4',
      placeFile,
    });

  it('answers 404 MODEL_NOT_FOUND when the model is gone, and places no file', async () => {
    const project = await newProject();
    const placeFile = jest.fn(async () => '/nowhere.ifc');
    const d = deps();
    const started = start(d, project.id, 'model_deleted_meanwhile', placeFile);
    await expect(started).rejects.toBeInstanceOf(AppError);
    await expect(started).rejects.toMatchObject({ status: 404, code: 'MODEL_NOT_FOUND' });
    expect(placeFile).not.toHaveBeenCalled();
    expect(d.processor.enqueue).not.toHaveBeenCalled();
  });

  it('answers 404 PROJECT_NOT_FOUND when the project is gone', async () => {
    const started = start(deps(), 'p_deleted_meanwhile', 'model_x', async () => '/nowhere.ifc');
    await expect(started).rejects.toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' });
  });

  it('adding a model to a project deleted while the file arrived answers 404 PROJECT_NOT_FOUND', async () => {
    const owner = await store.users.create({
      username: `u_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@example.com`,
      passwordHash: 'hash',
    });
    const project = await newProject(owner.id);
    // The other request's delete lands between this one's ownership check and its new model.
    const create = store.models.create.bind(store.models);
    store.models.create = async (model) => {
      await store.projects.delete(project.id);
      return create(model);
    };
    const filePath = path.join(dir, 'upload.part');
    fs.writeFileSync(filePath, 'ISO-10303-21;');
    const service = createModelsService(deps());
    const file = { path: filePath, originalName: 'Annex.ifc', size: 13, fields: {} };
    const added = service.addModel(owner, project.id, file, file.fields);
    await expect(added).rejects.toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' });
    expect(fs.existsSync(filePath)).toBe(false);
  });
});
