import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeStaleUploads } from './stale-uploads';

describe('start-up sweep of files a crash left behind', () => {
  it('removes cut-short uploads and the local copies of GridFS files a crashed worker was extracting', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-stale-'));
    try {
      fs.mkdirSync(path.join(dataDir, 'uploads'));
      fs.mkdirSync(path.join(dataDir, 'work'));
      fs.writeFileSync(path.join(dataDir, 'uploads', 'abc.part'), 'x');
      fs.writeFileSync(path.join(dataDir, 'work', 'job_x-1.ifc'), 'partial');
      expect(await removeStaleUploads(dataDir)).toBe(2);
      expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);
      expect(fs.readdirSync(path.join(dataDir, 'work'))).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
