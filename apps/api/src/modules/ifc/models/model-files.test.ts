import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeProjectFiles, removeVersionFiles, versionFile } from './model-files';

describe('model files', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-model-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const touch = (...names: string[]) => names.forEach((n) => fs.writeFileSync(path.join(dir, n), 'x'));
  const left = () => fs.readdirSync(dir).sort();

  it('names every later version after its row version, so two versions never share a file', () => {
    expect(versionFile(dir, 'proj_a', 2)).not.toBe(versionFile(dir, 'proj_a', 3));
    expect(path.dirname(versionFile(dir, 'proj_a', 2))).toBe(dir);
  });

  it("removes a project's files and no other project's, even one whose id starts with it", async () => {
    touch('proj_a.ifc', 'proj_a.v2.ifc', 'proj_a.v17.ifc', 'proj_ab.ifc', 'proj_ab.v2.ifc', 'proj_a.vx.ifc');
    await removeProjectFiles(dir, 'proj_a');
    expect(left()).toEqual(['proj_a.vx.ifc', 'proj_ab.ifc', 'proj_ab.v2.ifc']);
  });

  it("removes the first upload's file only with the default model's version 1", async () => {
    touch('proj_a.ifc', 'proj_a.v2.ifc', 'proj_a.v3.ifc');
    await removeVersionFiles(dir, 'proj_a', { modelId: 'model_b', version: 3, number: 1 });
    expect(left()).toEqual(['proj_a.ifc', 'proj_a.v2.ifc']);
    await removeVersionFiles(dir, 'proj_a', { modelId: 'proj_a', version: 1, number: 1 });
    expect(left()).toEqual(['proj_a.v2.ifc']);
  });

  it('does nothing when the folder does not exist yet', async () => {
    await expect(removeProjectFiles(path.join(dir, 'missing'), 'proj_a')).resolves.toBeUndefined();
  });
});
