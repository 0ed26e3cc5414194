import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Temp files of uploads cut short by a crash are removed at start-up, and so are the local copies of GridFS model
 * files (DATA_DIR/work) a crashed worker was extracting: a job that was running is claimed again and copied anew.
 */
export async function removeStaleUploads(dataDir: string): Promise<number> {
  const dir = path.join(dataDir, 'uploads');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const stale = names.filter((n) => n.endsWith('.part'));
  await Promise.all(stale.map((n) => fs.rm(path.join(dir, n), { force: true })));
  const workDir = path.join(dataDir, 'work');
  const copies = (await fs.readdir(workDir).catch(() => [] as string[])).filter((n) => n.endsWith('.ifc'));
  await Promise.all(copies.map((n) => fs.rm(path.join(workDir, n), { force: true })));
  return stale.length + copies.length;
}
