import fs from 'node:fs';
import path from 'node:path';
import { parseConfig, SETTING_NAMES } from './env';

/**
 * The README's configuration table is the operator's only list of settings: every key env.ts reads must have a row,
 * no row may name a key the server does not read, and a row's default must be the one the schema applies.
 */
const README = fs.readFileSync(path.resolve(__dirname, '../../../../README.md'), 'utf8');

function configurationRows(): Map<string, string> {
  const section = README.split(/^## /m).find((s) => s.startsWith('Configuration'));
  if (!section) throw new Error('README has no "## Configuration" section');
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | `NAME` | default | meaning |  →  ['', '`NAME`', 'default', 'meaning', '']
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? '')?.[1];
    if (name) rows.set(name, cells[2] ?? '');
  }
  return rows;
}

describe('README configuration table', () => {
  const rows = configurationRows();

  it('has a row for every setting the server reads, and none for a setting it does not read', () => {
    expect([...rows.keys()].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it("gives each setting's actual default", () => {
    const defaults = parseConfig({}) as Record<string, unknown>;
    const wrong = SETTING_NAMES.filter((name) => {
      const value = defaults[name];
      // no default / resolved to an absolute path / made per process
      if (value === undefined || name === 'DATA_DIR' || name === 'INSTANCE_ID') return false;
      return !(rows.get(name) ?? '').includes(`\`${String(value)}\``);
    }).map((name) => `${name}: README says ${rows.get(name)}, the server uses ${String(defaults[name])}`);
    expect(wrong).toEqual([]);
    expect(rows.get('DATA_DIR')).toContain('`./data`');
    expect(rows.get('INSTANCE_ID')).toContain('`<hostname>-<pid>-<4 hex>`');
  });
});
