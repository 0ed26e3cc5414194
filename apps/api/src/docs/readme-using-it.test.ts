import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openIfcHarness, type IfcHarness } from '../test/ifc-harness';
import { storeTargets } from '../test/store-fixtures';
import type { Store } from '../store/types';

/**
 * The README's "Using it" shell blocks, run word for word in one bash session against a started server (127.0.0.1,
 * free port, temp DATA_DIR): register, log in, generate a model, upload, watch the events, create a feed token, read
 * the feed with Basic auth. Only the address the reader sets in the first block is replaced.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const README_BASE = 'BASE=http://localhost:5000';
const BLOCK_END = '__README_BLOCK_END__';

function usingItBlocks(): string[] {
  const start = README.indexOf('## Using it');
  const end = README.indexOf('### The OData feed', start);
  if (start < 0 || end < 0)
    throw new Error('README has no "Using it" section ending at "### The OData feed"');
  return [...README.slice(start, end).matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

describe('README "Using it" commands', () => {
  const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
  let store: Store;
  let h: IfcHarness;
  let cwd: string;
  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(sqlite));
    // The reader runs the blocks in the repository folder; here a temp folder that sees only its scripts.
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-readme-'));
    fs.symlinkSync(path.join(ROOT, 'scripts'), path.join(cwd, 'scripts'));
  });
  afterAll(async () => {
    await h.stop();
    await sqlite.dispose(store);
    fs.rmSync(cwd, { recursive: true, force: true });
  });

  it('take a fresh server from registration to a feed read with Basic auth', async () => {
    const blocks = usingItBlocks();
    expect(blocks).toHaveLength(7);
    const script = blocks.join(`echo ${BLOCK_END}\n`);
    expect(script.split(README_BASE)).toHaveLength(2);
    const { stdout } = await promisify(execFile)(
      'bash',
      ['-euo', 'pipefail', '-c', script.replace(README_BASE, `BASE=${h.baseUrl}`)],
      { cwd, env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` } },
    );
    const [registered, loggedIn, generated, uploaded, events, tokenMade, feed] = stdout.split(
      `${BLOCK_END}\n`,
    );

    expect(JSON.parse(registered!).user).toMatchObject({ username: 'ada', email: 'ada@example.com' });
    expect(loggedIn).toBe('');
    const model = JSON.parse(generated!) as { products: number };
    expect(model.products).toBeGreaterThan(0);
    expect(uploaded).toBe('');
    expect(JSON.parse(fs.readFileSync(path.join(cwd, 'upload.json'), 'utf8'))).toMatchObject({
      jobId: expect.any(String),
      projectId: expect.any(String),
    });
    expect(events).toMatch(/^event: complete$/m);
    expect(tokenMade).toBe('');

    // The $count line, then a page of three rows with the selected columns.
    const [count, page] = feed!.split('\n');
    expect(Number(count)).toBe(model.products);
    const rows = (JSON.parse(page!) as { value: Record<string, unknown>[] }).value;
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.IfcType).toMatch(/^Ifc/);
      expect(row).toHaveProperty('Name');
      expect(row).toHaveProperty('Storey');
      expect(row).not.toHaveProperty('GlobalId'); // $select was applied
    }
  });
});
