// `node scripts/generate-model.mjs … --revision`: the script a user (and the browser test) runs to get a model and
// its version 2 with known changes. Runs the real script in a child process.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const SCRIPT = path.join(__dirname, 'generate-model.mjs');
const run = (cwd, ...args) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd, encoding: 'utf8' });

describe('scripts/generate-model.mjs', () => {
  let dir;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'generate-model-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes version 2 and its change list next to version 1 with --revision', () => {
    const out = run(
      dir,
      'v1.ifc',
      '2',
      '3',
      '--revision',
      'v2.ifc',
      '--added=4',
      '--removed',
      '3',
      '--modified=9',
    );
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const printed = JSON.parse(out.stdout);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'v2.changes.json'), 'utf8'));
    expect(printed.changes).toMatchObject({ file: 'v2.changes.json', added: 4, removed: 3, modified: 9 });
    expect(manifest.changes.map((c) => c.changeType).sort()).toEqual([
      ...Array(4).fill('Added'),
      ...Array(9).fill('Modified'),
      ...Array(3).fill('Removed'),
    ]);
    expect(printed.revision.products).toBe(printed.products + 4 - 3);
    expect(fs.statSync(path.join(dir, 'v2.ifc')).size).toBe(printed.revision.bytes);
    // version 1 is the same file the plain command writes
    expect(run(dir, 'plain.ifc', '2', '3').status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'plain.ifc'))).toEqual(fs.readFileSync(path.join(dir, 'v1.ifc')));
  });

  it('refuses impossible counts and unknown options with the usage and exit code 2', () => {
    const tooMany = run(dir, 'v1.ifc', '1', '1', '--revision', 'v2.ifc', '--removed=90');
    expect(tooMany.status).toBe(2);
    expect(tooMany.stderr).toMatch(/removed: at most 4/);
    expect(fs.existsSync(path.join(dir, 'v2.ifc'))).toBe(false);
    const unknown = run(dir, 'v1.ifc', '--added=-1', '--revision', 'v2.ifc');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/usage:/);
  });
});
