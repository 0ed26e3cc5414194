import type { Browser } from 'playwright-core';
// The web app does not depend on @aec/ifc; the tests only borrow its model generator.
import { generateIfcModel } from '../../../packages/ifc/src';
import { openPage, type TestPage } from './support/browser';
import { loginViaApi, registerViaApi, uniqueUser, type TestUser } from './support/users';

export type SignedIn = { user: TestUser; token: string };

export async function newAccount(baseURL: string, prefix = 'app'): Promise<SignedIn> {
  const user = uniqueUser(prefix);
  await registerViaApi(baseURL, user);
  return { user, token: await loginViaApi(baseURL, user) };
}

/**
 * A page already signed in: the token goes into localStorage (what a login leaves behind), so
 * the tests spend their time on the app shell rather than on the login form.
 */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  account: SignedIn,
  viewport = { width: 1280, height: 800 },
): Promise<TestPage> {
  const tab = await openPage(browser, baseURL);
  await tab.page.setViewportSize(viewport);
  await tab.context.addInitScript((token) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', token);
  }, account.token);
  return tab;
}

/** Uploads a small generated model and waits until it is processed; returns its project id. */
export async function uploadModel(baseURL: string, token: string, name = 'e2e-tower.ifc'): Promise<string> {
  const form = new FormData();
  form.append(
    'ifcFile',
    new Blob([generateIfcModel({ storeys: 2 })], { type: 'application/octet-stream' }),
    name,
  );
  const response = await fetch(`${baseURL}/api/ifc/odata/upload?wait=true`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { projectId: string }).projectId;
}
