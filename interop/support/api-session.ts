import fs from 'node:fs';
import path from 'node:path';
import { startServer, type RunningServer } from './start-api';

export type { RunningServer };
export { startServer };

/** A signed-in account on a running server, with a feed token for BI-style Basic auth. */
export interface Account {
  username: string;
  bearer: string;
  feedToken: string;
  basic: string;
}

export interface UploadResult {
  success: boolean;
  projectId: string;
  elementCount: number;
  message?: string;
}

export interface ProjectSummary {
  projectId: string;
  status: string;
  elementCount: number;
  propertyCount?: number;
  spatialCount?: number;
  countsByType: Record<string, number>;
}

async function json<T>(res: Response, what: string): Promise<T> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status}: ${body.slice(0, 500)}`);
  return JSON.parse(body) as T;
}

const post = (url: string, body: unknown, bearer?: string): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });

export async function createAccount(base: string, username: string): Promise<Account> {
  const password = 'Interop-Passw0rd!';
  await json(
    await post(`${base}/mongo/auth/register`, { username, email: `${username}@example.com`, password }),
    'register',
  );
  return signIn(base, username, password);
}

export async function signIn(
  base: string,
  username: string,
  password = 'Interop-Passw0rd!',
): Promise<Account> {
  const { token: bearer } = await json<{ token: string }>(
    await post(`${base}/mongo/auth/login`, { username, password }),
    'login',
  );
  const { token: feedToken } = await json<{ token: string }>(
    await post(`${base}/api/feed-tokens`, { name: 'interop' }, bearer),
    'feed token',
  );
  return {
    username,
    bearer,
    feedToken,
    basic: `Basic ${Buffer.from(`${username}:${feedToken}`).toString('base64')}`,
  };
}

/** Uploads a real file and waits for processing to end (`?wait=true`). */
export async function uploadIfc(base: string, account: Account, file: string): Promise<UploadResult> {
  const form = new FormData();
  form.append('ifcFile', new Blob([fs.readFileSync(file)]), path.basename(file));
  const res = await fetch(`${base}/api/ifc/odata/upload?wait=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.bearer}` },
    body: form,
  });
  return json<UploadResult>(res, `upload ${path.basename(file)}`);
}

export async function projectSummary(
  base: string,
  account: Account,
  projectId: string,
): Promise<ProjectSummary> {
  return json<ProjectSummary>(
    await fetch(`${base}/api/ifc/projects/${projectId}`, {
      headers: { authorization: `Bearer ${account.bearer}` },
    }),
    'project summary',
  );
}

/** Per-type counts with upper-case keys, the form expected-counts.json uses. */
export function upperCaseCounts(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k.toUpperCase(), v]));
}
