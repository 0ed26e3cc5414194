import fs from 'node:fs';
import path from 'node:path';
import { parseConfig, SETTING_NAMES } from '../config/env';

/**
 * The README's "Scaling out" commands, checked against what they run: each instance's start line is a valid
 * configuration with the role it names, and each `docker compose` line names a profile and services that
 * docker-compose.yml has.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const COMPOSE = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');

function section(): string {
  const start = README.indexOf('## Scaling out');
  if (start < 0) throw new Error('README has no "## Scaling out" section');
  return README.slice(start, README.indexOf('\n## ', start + 1));
}
const commands = () =>
  [...section().matchAll(/^```bash\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1]!.split('\n').filter(Boolean));

/** The top-level services of docker-compose.yml with their profiles (a 2-space-indented key under `services:`). */
function composeServices(): Map<string, string[]> {
  const services = new Map<string, string[]>();
  const body = COMPOSE.slice(COMPOSE.indexOf('\nservices:\n'), COMPOSE.indexOf('\nvolumes:\n'));
  let current: string | null = null;
  for (const line of body.split('\n')) {
    const name = /^ {2}([a-z][a-z0-9-]*):\s*$/.exec(line)?.[1];
    if (name) services.set((current = name), []);
    const profiles = /^ {4}profiles: \[(.*)\]/.exec(line)?.[1];
    if (current && profiles)
      services.set(
        current,
        profiles.split(',').map((p) => p.trim().replace(/"/g, '')),
      );
  }
  return services;
}

describe('README "Scaling out"', () => {
  it('starts each role by hand with a configuration the server accepts', () => {
    const exported = /^export (.*)$/m.exec(commands().join('\n'))?.[1] ?? '';
    const shared = Object.fromEntries(exported.split(' ').map((kv) => kv.split('=') as [string, string]));
    const starts = commands().filter((c) => c.includes('node apps/api/dist/server.js'));
    expect(starts.length).toBeGreaterThanOrEqual(2);
    const roles = starts.map((line) => {
      const env = Object.fromEntries(
        [...line.matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!] as [string, string]),
      );
      for (const key of Object.keys(env)) expect(SETTING_NAMES).toContain(key);
      return parseConfig({ ...shared, ...env });
    });
    expect(new Set(roles.map((c) => c.ROLE))).toEqual(new Set(['api', 'worker']));
    expect(new Set(roles.map((c) => c.INSTANCE_ID)).size).toBe(roles.length);
    expect(new Set(roles.map((c) => c.PORT)).size).toBe(roles.length);
  });

  it('names a compose profile and services that docker-compose.yml has', () => {
    const services = composeServices();
    const compose = commands().filter((c) => c.startsWith('docker compose'));
    expect(compose.length).toBeGreaterThanOrEqual(2);
    for (const line of compose) {
      const profile = /--profile (\S+)/.exec(line)?.[1];
      expect(profile).toBe('scaled');
      const inProfile = [...services].filter(([, p]) => p.includes(profile!)).map(([name]) => name);
      expect(inProfile.sort()).toEqual(['api', 'proxy', 'worker']);
      for (const [, scaled] of line.matchAll(/--scale (\S+)=\d+/g)) expect(inProfile).toContain(scaled);
    }
  });

  it('names only settings the server reads', () => {
    // BENCH_* are the benchmark's own knobs, not server settings.
    const named = [...section().matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)]
      .map((m) => m[1]!)
      .filter((n) => !n.startsWith('BENCH_'));
    expect(named.filter((n) => !SETTING_NAMES.includes(n as never))).toEqual([]);
  });
});
