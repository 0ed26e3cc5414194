import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
// @aec/ifc is not a dependency of the web app; its generator is plain TypeScript, so the tests import it by path.
import { generateIfcFixture, writeIfcModel } from '../../../packages/ifc/src/generate';
import { openPage, type TestPage } from './support/browser';
import { loginViaApi, registerViaApi, uniqueUser, type TestUser } from './support/users';

export { generateIfcFixture, writeIfcModel };

export const CONNECTOR_PATH = '/app/ifc-tableau-connector';

/** A temp folder for model files, removed by the returned function. */
export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'aec-connector-e2e-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function writeModel(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

export type SignedInTab = TestPage & { user: TestUser; token: string };

/** A fresh user, signed in by storing the token the way the app does (localStorage `token`), then the page opened. */
export async function signedInTab(
  browser: Browser,
  baseURL: string,
  prefix: string,
  route: string,
): Promise<SignedInTab> {
  const user = uniqueUser(prefix);
  await registerViaApi(baseURL, user);
  const token = await loginViaApi(baseURL, user);
  const tab = await openPage(browser, baseURL);
  await tab.context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  await tab.page.goto(route);
  const heading = tab.page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor();
  if (/not found/i.test(await heading.innerText())) {
    await tab.context.close();
    throw new Error(
      `${route} is not routed: add connectorRoutes (src/app/routes/connector/connector-routes.tsx) to the router`,
    );
  }
  return { ...tab, user, token };
}

export async function apiGet<T>(
  baseURL: string,
  token: string,
  pathOrUrl: string,
): Promise<{ status: number; body: T }> {
  const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${baseURL}${pathOrUrl}`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // $count and $metadata are not JSON.
  }
  return { status: response.status, body: body as T };
}

/** Uploads and waits for the job to finish (?wait=true), for tests that need a ready project. */
export async function uploadReady(
  baseURL: string,
  token: string,
  name: string,
  text: string,
): Promise<{ projectId: string; elementCount: number }> {
  const form = new FormData();
  form.append('ifcFile', new Blob([text]), name);
  const response = await fetch(`${baseURL}/api/ifc/odata/upload?wait=true`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { projectId: string; elementCount: number };
}

/** A run the connector started: the upload's answer (a 202's job) and its HTTP status. */
export type StartedRun = { httpStatus: number; jobId: string; projectId: string; status: string };

/**
 * Chooses `file` (null: the one already chosen), starts processing and resolves once the server has accepted it as
 * a job: Pause only acts on a server job, so the button waits for it.
 */
export async function startRun(page: Page, file: string | null): Promise<StartedRun> {
  if (file !== null) await chooseFile(page, file);
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/ifc/odata/upload'));
  await page.getByRole('button', { name: 'Start Processing' }).click();
  const response = await accepted;
  const body = (await response.json()) as Omit<StartedRun, 'httpStatus'>;
  await page.getByRole('button', { name: 'Pause' }).and(page.locator(':enabled')).waitFor();
  return { ...body, httpStatus: response.status() };
}

/** Cancels a job a test leaves behind, so it does not hold the server's one-job queue for the next test. */
export async function cancelJob(baseURL: string, token: string, jobId: string): Promise<void> {
  await fetch(`${baseURL}/api/ifc/jobs/${jobId}/cancel`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
}

export const logText = (page: Page) => page.getByRole('list', { name: 'Processing log' }).innerText();

/**
 * The requests the page makes to the API and how each ended (status, or the network's error), newest last: the
 * story behind a step that never came, for an error message.
 */
export function recordApiTraffic(page: Page): () => string[] {
  const seen: string[] = [];
  const note = (line: string) => {
    seen.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (seen.length > 40) seen.shift();
  };
  const name = (address: string) => {
    const url = new URL(address);
    return url.pathname + url.search;
  };
  page.on('response', (response) => {
    if (response.url().includes('/api/'))
      note(`${response.request().method()} ${name(response.url())} ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('/api/'))
      note(`${request.method()} ${name(request.url())} failed: ${request.failure()?.errorText ?? '?'}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${name(frame.url())}`);
  });
  return () => [...seen];
}

/** The page's address and the text of its main area, for an error message when an expected step never shows. */
async function whatThePageShows(page: Page, traffic?: () => string[]): Promise<string> {
  const shown = await page
    .locator('main')
    .innerText({ timeout: 2_000 })
    .catch(() => '(no main element)');
  const requests = traffic ? `\nits API requests:\n${traffic().join('\n')}` : '';
  return `${page.url()}; the page shows:\n${shown.slice(0, 2_000)}${requests}`;
}

/** Runs `step`; when it fails (the page never shows what it needs), the error says `missing` and what the page shows. */
async function explained(
  page: Page,
  missing: string,
  traffic: (() => string[]) | undefined,
  step: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    throw new Error(`${missing} at ${await whatThePageShows(page, traffic)}`, { cause: error });
  }
}

/**
 * Presses the Preview step's Start Processing. When the step never shows, the error says what the page shows
 * instead (the screen of a flaky run is gone by the time anyone reads the log).
 */
export async function pressStartProcessing(page: Page, traffic?: () => string[]): Promise<void> {
  await explained(page, 'No Start Processing', traffic, () =>
    page.getByRole('button', { name: 'Start Processing' }).click(),
  );
}

/** Waits for the Select step to state the server's upload limit as `text`; says what the page shows if it never does. */
export async function waitForUploadLimit(page: Page, text: string, traffic?: () => string[]): Promise<void> {
  await explained(page, `No upload limit of ${text}`, traffic, () =>
    page.getByTestId('upload-limit').filter({ hasText: text }).waitFor(),
  );
}

/** Chooses `file` in the Select step's file input; says what the page shows if the step never does. */
export async function chooseFile(page: Page, file: string, traffic?: () => string[]): Promise<void> {
  await explained(page, 'No file input', traffic, () => page.locator('input[type=file]').setInputFiles(file));
}

/**
 * Elements in the page's main area that stick out past the viewport (outside their own scroll boxes), once the
 * layout has settled: after a viewport change the shell swaps its sidebar for the mobile sheet on the next render,
 * so a single early look can see the desktop layout squeezed. Waits up to 3 s for the overflow to go.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  const look = () =>
    page.evaluate(() => {
      const limit = document.documentElement.clientWidth + 1;
      return Array.from(document.querySelectorAll('main *'))
        .filter((el) => el.getBoundingClientRect().right > limit && !el.closest('.overflow-x-auto'))
        .slice(0, 8)
        .map((el) => `${el.tagName}.${el.className.toString().slice(0, 60)}`);
    });
  let found = await look();
  for (let i = 0; i < 30 && found.length; i++) {
    await page.waitForTimeout(100);
    found = await look();
  }
  return found;
}
