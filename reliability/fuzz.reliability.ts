import fs from 'node:fs';
import { account, startApi, tempDir, type ApiProcess } from './server-process';

/** Deterministic pseudo-random numbers, so a failing case can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PROPS = [
  'Name',
  'IfcType',
  'Storey',
  'Height',
  'IsExternal',
  'ProjectId',
  'Id',
  'NetVolume',
  'Bogus',
  "O'Brien",
  '$it',
];
const OPS = ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'and', 'or', 'not', 'in', 'has', 'add', 'mul', 'div', 'mod'];
const VALUES = [
  "'x'",
  "'O''Brien'",
  '1',
  '-1.5E+3',
  'null',
  'true',
  "('a','b')",
  '2024-01-01T00:00:00Z',
  "'%_'",
  "'\\u0000'",
  '9'.repeat(400),
  "'" + 'a'.repeat(3000) + "'",
];
const FUNCS = [
  'contains',
  'startswith',
  'endswith',
  'length',
  'tolower',
  'round',
  'year',
  'substring',
  'concat',
  'cast',
  'any',
  'bogus',
];
const OPTIONS = [
  '$filter',
  '$select',
  '$orderby',
  '$top',
  '$skip',
  '$count',
  '$expand',
  '$skiptoken',
  '$format',
  '$search',
  '$apply',
  '@p',
  'x',
];
const SETS = [
  'IFCElements',
  'IFCProperties',
  'IFCSpatialStructure',
  'Projects',
  'Nope',
  "IFCElements('a')",
  'IFCElements/$count',
  '$metadata',
  '',
  'IFCElements(1)',
];

const pick = <T>(r: () => number, xs: T[]): T => xs[Math.floor(r() * xs.length)] as T;

function randomExpr(r: () => number, depth = 0): string {
  const choice = r();
  if (depth > 3 || choice < 0.3) return `${pick(r, PROPS)} ${pick(r, OPS)} ${pick(r, VALUES)}`;
  if (choice < 0.5) return `${pick(r, FUNCS)}(${pick(r, PROPS)},${pick(r, VALUES)})`;
  if (choice < 0.7)
    return `(${randomExpr(r, depth + 1)}) ${pick(r, ['and', 'or'])} ${randomExpr(r, depth + 1)}`;
  if (choice < 0.8) return `not ${randomExpr(r, depth + 1)}`;
  return Array.from({ length: 1 + Math.floor(r() * 6) }, () =>
    pick(r, [...PROPS, ...OPS, ...VALUES, '(', ')', ',', '/', ' ']),
  ).join(' ');
}

function mutate(r: () => number, s: string): string {
  const chars = s.split('');
  for (let i = 0; i < 1 + Math.floor(r() * 4); i++) {
    const at = Math.floor(r() * (chars.length + 1));
    const op = r();
    if (op < 0.4) chars.splice(at, 1);
    else if (op < 0.8)
      chars.splice(at, 0, pick(r, ["'", '(', ')', '%', '%2', '&', '=', '$', ' ', '\u00e9', '\\']));
    else chars.splice(at, 0, ...chars.slice(0, 5));
  }
  return chars.join('');
}

const STACK = /\n\s+at [\w.<>]+ \(|\.ts:\d+:\d+|node_modules\//;

describe('fuzz: random and mutated requests never get a 5xx, a crash or a stack trace', () => {
  let api: ApiProcess;
  let dir: string;
  let token: string;
  const outcomes = new Map<number, number>();
  const failures: string[] = [];
  const r = rng(20241115);

  beforeAll(async () => {
    dir = tempDir('aec-fuzz-');
    api = await startApi({
      DATA_DIR: dir,
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_USER: '100000',
    });
    token = (await account(api.base, 'fuzz_user')).token;
    await fetch(`${api.base}/api/ifc/odata/create-demo`, { method: 'POST' });
  });
  afterAll(async () => {
    console.log(`fuzz: outcomes by status ${JSON.stringify(Object.fromEntries([...outcomes].sort()))}`);
    await api.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function send(label: string, url: string, init: RequestInit = {}) {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      failures.push(`${label}: no answer (${(err as Error).message}) ${url.slice(0, 200)}`);
      return;
    }
    const body = await res.text();
    outcomes.set(res.status, (outcomes.get(res.status) ?? 0) + 1);
    if (res.status >= 500 && res.status !== 501 && res.status !== 503 && res.status !== 507)
      failures.push(`${label}: ${res.status} ${url.slice(0, 200)} ${body.slice(0, 200)}`);
    if (STACK.test(body)) failures.push(`${label}: stack trace in body for ${url.slice(0, 200)}`);
  }

  it('OData URLs: generated and mutated query strings against every entity set', async () => {
    for (let i = 0; i < 1200; i++) {
      const options = Array.from({ length: 1 + Math.floor(r() * 3) }, () => {
        const name = pick(r, OPTIONS);
        const value =
          name === '$filter'
            ? randomExpr(r)
            : name === '$top' || name === '$skip'
              ? pick(r, ['5', '-1', 'x', '99999999999'])
              : pick(r, [...PROPS, randomExpr(r)]);
        return `${name}=${encodeURIComponent(value)}`;
      }).join('&');
      const query = r() < 0.3 ? mutate(r, options) : options;
      const root = r() < 0.5 ? '/api/ifc/odata/' : '/api/ifc/odata/projects/demo_project_permanent/';
      const headers: Record<string, string> =
        r() < 0.7
          ? { authorization: `Bearer ${token}` }
          : r() < 0.5
            ? {
                authorization: `Basic ${Buffer.from('fuzz_user:' + 'x'.repeat(Math.floor(r() * 50))).toString('base64')}`,
              }
            : {};
      if (r() < 0.2) headers.prefer = `odata.maxpagesize=${pick(r, ['1', '0', '-5', 'abc', '100000000'])}`;
      await send('odata', `${api.base}${root}${pick(r, SETS)}?${query}`, { headers });
    }
    expect(failures).toEqual([]);
  });

  it('JSON bodies: random shapes against every JSON endpoint', async () => {
    const values = () =>
      pick(r, [
        null,
        1,
        -1e308,
        'x',
        'a'.repeat(5000),
        [],
        {},
        { $gt: '' },
        ['a'],
        true,
        { __proto__: { admin: true } },
        '\u0000',
        'é'.repeat(10),
      ]);
    const endpoints: [string, string][] = [
      ['POST', '/mongo/auth/register'],
      ['POST', '/mongo/auth/login'],
      ['PUT', '/mongo/user/update'],
      ['POST', '/api/feed-tokens'],
      ['POST', '/api/newsletter'],
      ['POST', '/api/ifc/jobs/job_nope/pause'],
      ['DELETE', '/api/feed-tokens/nope'],
    ];
    for (let i = 0; i < 400; i++) {
      const [method, path] = pick(r, endpoints);
      const body =
        r() < 0.2
          ? mutate(r, '{"username":"abc","email":"a@b.co","password":"secret12"}')
          : JSON.stringify(
              Object.fromEntries(
                ['username', 'email', 'password', 'name', pick(r, ['x', '__proto__', 'constructor'])].map(
                  (k) => [k, values()],
                ),
              ),
            );
      await send('json', `${api.base}${path}`, {
        method,
        body,
        headers: {
          'content-type': pick(r, ['application/json', 'text/plain', 'application/json; charset=latin1']),
          authorization: `Bearer ${token}`,
        },
      });
    }
    expect(failures).toEqual([]);
  });

  it('multipart bodies: broken boundaries, odd field names and random bytes to the upload endpoint', async () => {
    for (let i = 0; i < 150; i++) {
      const boundary = pick(r, ['b', 'x'.repeat(70), '', '--', 'ok123']);
      const field = pick(r, ['ifcFile', 'file', '', 'ifcFile[]', '../ifcFile']);
      const filename = pick(r, [
        'a.ifc',
        '../../etc/passwd.ifc',
        'a.IFC',
        'a.txt',
        '',
        'x'.repeat(300) + '.ifc',
        'a\u0000.ifc',
      ]);
      const content = Buffer.from(
        Array.from({ length: Math.floor(r() * 2000) }, () => Math.floor(r() * 256)),
      );
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n\r\n`;
      const raw = Buffer.concat([
        Buffer.from(head),
        r() < 0.5 ? Buffer.from('ISO-10303-21;\nHEADER;\n') : Buffer.alloc(0),
        content,
        Buffer.from(r() < 0.7 ? `\r\n--${boundary}--\r\n` : ''),
      ]);
      await send('multipart', `${api.base}/api/ifc/odata/upload${r() < 0.5 ? '?wait=true' : ''}`, {
        method: 'POST',
        body: r() < 0.2 ? mutate(r, raw.toString('latin1')) : raw,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${token}`,
        },
      });
    }
    const uploads = fs.existsSync(`${dir}/uploads`) ? fs.readdirSync(`${dir}/uploads`) : [];
    expect(uploads).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('random paths and methods', async () => {
    const parts = [
      'api',
      'ifc',
      'odata',
      'projects',
      'jobs',
      'mongo',
      'user',
      'auth',
      '..',
      '%2e%2e',
      'events',
      'elements.csv',
      'connect.tds',
      '%00',
      '%',
      '%zz',
      'x'.repeat(2000),
    ];
    for (let i = 0; i < 300; i++) {
      const path = '/' + Array.from({ length: 1 + Math.floor(r() * 5) }, () => pick(r, parts)).join('/');
      await send('path', `${api.base}${path}`, {
        method: pick(r, ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']),
        headers: r() < 0.5 ? { authorization: `Bearer ${token}` } : {},
      });
    }
    expect(failures).toEqual([]);
    expect((await fetch(`${api.base}/health`)).status).toBe(200);
  });

  it('undecodable percent-escapes in every parameterised route answer 400, never 500', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/ifc/projects/{}'],
      ['DELETE', '/api/ifc/projects/{}'],
      ['GET', '/api/ifc/projects/{}/elements.csv'],
      ['GET', '/api/ifc/projects/{}/connect.pbids'],
      ['GET', '/api/ifc/projects/{}/connect.tds'],
      ['GET', '/api/ifc/jobs/{}'],
      ['GET', '/api/ifc/jobs/{}/events'],
      ['POST', '/api/ifc/jobs/{}/pause'],
      ['POST', '/api/ifc/jobs/{}/resume'],
      ['POST', '/api/ifc/jobs/{}/cancel'],
      ['DELETE', '/api/feed-tokens/{}'],
      ['GET', '/api/ifc/odata/projects/{}/'],
      ['GET', '/api/ifc/odata/projects/{}/$metadata'],
      ['GET', '/api/ifc/odata/projects/{}/IFCElements'],
      ['GET', '/api/ifc/odata/{}'],
      ['GET', "/api/ifc/odata/IFCElements('{}')"],
    ];
    const statuses: string[] = [];
    for (const [method, route] of routes) {
      for (const bad of ['%', '%zz', '%E0%A4%A', 'a%2']) {
        const url = `${api.base}${route.replace('{}', bad)}`;
        const res = await fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
        const body = await res.text();
        outcomes.set(res.status, (outcomes.get(res.status) ?? 0) + 1);
        statuses.push(`${method} ${route.replace('{}', bad)} → ${res.status}`);
        if (STACK.test(body)) failures.push(`escape: stack trace in body for ${url}`);
      }
    }
    expect(statuses.filter((s) => !s.endsWith('→ 400'))).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('OData resource paths: a well-formed one the service does not serve is 404, a malformed one 400', async () => {
    const own = rng(20261124); // its own sequence, so the cases above keep theirs
    const wellFormed = [
      'foo',
      'IFCElements',
      'Name',
      'Project',
      '$batch',
      '$value',
      'Élément',
      "IFCElements('a/b'')/c')",
      'Projects(1)',
      "Nope(A=1,B='x')",
    ];
    const malformed = ['a b', 'x-y', '9x', "k('", 'k)', '', 'b$r', '\u0000'];
    const statuses: string[] = [];
    for (let i = 0; i < 200; i++) {
      // Two to four segments, the second never '$count': no case is a path the service serves.
      const segments = Array.from({ length: 2 + Math.floor(own() * 3) }, () => pick(own, wellFormed));
      const bad = own() < 0.5;
      if (bad) segments.splice(1 + Math.floor(own() * (segments.length - 1)), 0, pick(own, malformed));
      const root = own() < 0.5 ? '/api/ifc/odata/' : '/api/ifc/odata/projects/demo_project_permanent/';
      const path = segments.map(encodeURIComponent).join('/');
      const res = await fetch(`${api.base}${root}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { error?: { code?: string } };
      outcomes.set(res.status, (outcomes.get(res.status) ?? 0) + 1);
      const want = bad ? [400, 'SyntaxError'] : [404, 'NotFound'];
      if (res.status !== want[0] || body.error?.code !== want[1])
        statuses.push(`${root}${path} → ${res.status} ${body.error?.code} (expected ${want.join(' ')})`);
    }
    expect(statuses).toEqual([]);
  });
});
