import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Writes `text` (latin1: the bytes as written) to a temporary file, hands its path to `use`, then removes it. */
export async function withTempIfc<T>(
  text: string | Uint8Array,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'aec-step-'));
  const file = path.join(dir, 'model.ifc');
  try {
    writeFileSync(file, typeof text === 'string' ? Buffer.from(text, 'latin1') : text);
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
