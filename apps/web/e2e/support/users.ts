import { randomBytes } from 'node:crypto';

export type TestUser = { username: string; email: string; password: string };

/** Unique per call, so tests never depend on each other's accounts. */
export function uniqueUser(prefix = 'user'): TestUser {
  const id = randomBytes(4).toString('hex');
  return { username: `${prefix}_${id}`, email: `${prefix}_${id}@example.com`, password: `pw-${id}-secret` };
}

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function registerViaApi(baseURL: string, user: TestUser): Promise<void> {
  const response = await post(`${baseURL}/mongo/auth/register`, user);
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
}

export async function loginViaApi(baseURL: string, user: TestUser): Promise<string> {
  const response = await post(`${baseURL}/mongo/auth/login`, {
    username: user.username,
    password: user.password,
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export async function getMe(baseURL: string, token: string): Promise<Response> {
  return fetch(`${baseURL}/mongo/user/me`, { headers: { Authorization: `Bearer ${token}` } });
}
