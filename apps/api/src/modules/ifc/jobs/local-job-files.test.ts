import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobRecord } from '../../../store/types';
import { createJobFiles } from './create-job-files';
import { LocalJobFiles } from './local-job-files';

describe('local job files (one machine, SQLite)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-local-files-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const modelDir = () => path.join(dataDir, 'models');
  const received = (name: string) => {
    const file = path.join(dataDir, name);
    fs.writeFileSync(file, 'ISO-10303-21;');
    return file;
  };

  it('is what a SQLite store gets', () => {
    expect(createJobFiles({ kind: 'sqlite' } as never, dataDir)).toBeInstanceOf(LocalJobFiles);
  });

  it('moves uploads into DATA_DIR/models under the names they always had, and keeps them after the job', async () => {
    const files = createJobFiles({ kind: 'sqlite' } as never, dataDir);
    const first = await files.place(received('a.part'), {
      projectId: 'proj_a',
      version: 1,
      firstOfProject: true,
    });
    const later = await files.place(received('b.part'), {
      projectId: 'proj_a',
      version: 4,
      firstOfProject: false,
    });
    expect([first, later]).toEqual([
      path.join(modelDir(), 'proj_a.ifc'),
      path.join(modelDir(), 'proj_a.v4.ifc'),
    ]);
    const job = { id: 'job_1', filePath: later } as JobRecord;
    const copy = await files.localCopy(job);
    expect(copy.path).toBe(later);
    await copy.release();
    await files.jobEnded(job);
    expect(fs.readdirSync(modelDir()).sort()).toEqual(['proj_a.ifc', 'proj_a.v4.ifc']);
    await files.removeProject('proj_a');
    expect(fs.readdirSync(modelDir())).toEqual([]);
  });
});
