import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveJwtSecret } from './jwt-secret';

describe('resolveJwtSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-secret-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prefers the configured secret and writes nothing', () => {
    expect(resolveJwtSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('generates a secret once, keeps it private, and returns the same one after a restart', () => {
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
  });
});
