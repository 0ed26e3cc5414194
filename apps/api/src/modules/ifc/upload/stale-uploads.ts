import fs from 'node:fs/promises';
import path from 'node:path';

/** Temp files of uploads cut short by a crash are removed at start-up. */
export async function removeStaleUploads(dataDir: string): Promise<number> {
  const dir = path.join(dataDir, 'uploads');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const stale = names.filter((n) => n.endsWith('.part'));
  await Promise.all(stale.map((n) => fs.rm(path.join(dir, n), { force: true })));
  return stale.length;
}
