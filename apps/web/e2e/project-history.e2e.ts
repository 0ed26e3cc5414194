import type { ProjectModelsResponse } from '@aec/contracts';
import type { Browser, Page } from 'playwright-core';
import { generateIfcFixture, generateIfcRevision } from '../../../packages/ifc/src';
import { newAccount, openSignedIn, type SignedIn } from './app-support';
import { CONNECTOR_PATH, chooseFile, tempDir, writeModel } from './connector-helpers';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser, screenshot, type TestPage } from './support/browser';
import { widthAt } from './support/layout';
import { startServer, type TestServer } from './support/server';

/**
 * The project page's history (issue 15) with the keyboard and on a phone: "What changed" goes from pending to the
 * server's figures by itself, a model is renamed with Enter and left with Escape, Roll back and Delete version ask in a dialog
 * that Escape closes, and the connector offers a file named like the model's as its next version. The project itself is
 * renamed in place the same way, at 320 px.
 */
const MODEL = { storeys: 2, bays: 2, seed: 7 };
const REVISION = { added: 2, removed: 1, modified: 3, seed: 2 };

let server: TestServer;
let browser: Browser;
let account: SignedIn;
let tab: TestPage | undefined;
let files: ReturnType<typeof tempDir>;

beforeAll(async () => {
  files = tempDir();
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  account = await newAccount(server.baseURL, 'history');
}, 120_000);

afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
});

async function post(path: string, name: string, text: string): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('ifcFile', new Blob([text]), name);
  const response = await fetch(`${server.baseURL}${path}?wait=true`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A project whose one model has version 1 and a generated revision as version 2. */
async function projectWithTwoVersions(fileName: string) {
  const first = await post('/api/ifc/odata/upload', fileName, generateIfcFixture(MODEL).text);
  const projectId = String(first.projectId);
  const revision = generateIfcRevision(MODEL, REVISION);
  const path = `/api/ifc/projects/${encodeURIComponent(projectId)}/models/${encodeURIComponent(projectId)}/versions`;
  await post(path, fileName, revision.text);
  return projectId;
}

/** The change summary the server reports for a version of the project's default model. */
async function versionChanges(projectId: string, number: number) {
  const response = await fetch(`${server.baseURL}/api/ifc/projects/${encodeURIComponent(projectId)}/models`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  const history = (await response.json()) as ProjectModelsResponse;
  const version = history.models[0]?.versions.find((v) => v.number === number);
  if (!version?.changes) throw new Error(`version ${number} has no change summary`);
  return version.changes;
}

const totals = (page: Page) => page.getByRole('region', { name: 'What changed in version 2' }).locator('dl');

describe('project page: models and versions', () => {
  it('shows what changed, renames with the keyboard, and asks before rolling back or deleting', async () => {
    const projectId = await projectWithTwoVersions('history-tower.ifc');
    tab = await openSignedIn(browser, server.baseURL, account, { width: 390, height: 800 });
    const { page } = tab;
    await page.goto(`/app/data/sources/${encodeURIComponent(projectId)}`);
    await page.getByRole('heading', { name: 'Models and versions' }).waitFor();
    await page.getByRole('heading', { name: 'What changed' }).waitFor();
    // Pending → ready by itself (the history polls), then the server's figures as they are. (Whether the server's
    // comparison equals the generator's manifest is the API's and the end-to-end test's business.)
    await totals(page).waitFor({ timeout: 30_000 });
    const changes = await versionChanges(projectId, 2);
    expect(changes).toMatchObject({ status: 'ready', previousVersionNumber: 1 });
    expect((await totals(page).innerText()).split(/\s+/).join(' ')).toBe(
      `Added ${changes.added} Removed ${changes.removed} Modified ${changes.modified} ` +
        `Property values changed ${changes.propertyValuesChanged}`,
    );

    const problems: string[] = [];
    for (const width of [320, 390]) {
      const { documentWidth } = await widthAt(page, width);
      if (documentWidth > width) problems.push(`${width} px: the document is ${documentWidth} px wide`);
    }
    problems.push(...(await seriousAxeViolations(page)));
    expect(problems).toEqual([]);

    // Rename: Enter opens, the field has focus, Enter saves; Escape leaves and gives focus back.
    const rename = page.getByRole('button', { name: /^Rename model/ });
    await rename.focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('textbox', { name: 'Model name', exact: true });
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await field.fill('Tragwerk – Ω');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tragwerk – Ω', level: 3 }).waitFor();
    await page.getByRole('button', { name: /^Rename model/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Model name', exact: true }).waitFor({ state: 'detached' });
    await page.waitForFunction(() => /^Rename/.test(document.activeElement?.textContent ?? ''));

    // Roll back: a dialog that Escape closes without doing anything, then confirmed.
    const rollBack = page.getByRole('button', { name: /^Roll back to version 1/ });
    await rollBack.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the button that opened it, not lost to the page.
    await page.waitForFunction(() => /^Roll back/.test(document.activeElement?.textContent ?? ''));
    await rollBack.click();
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    const version1 = page.getByRole('listitem', { name: 'Version 1' });
    await version1.getByText('Latest', { exact: true }).waitFor();
    // The version now served shows what it changed, as the latest always does.
    await page
      .getByRole('region', { name: 'What changed in version 1' })
      .getByText('First version: nothing to compare')
      .waitFor();

    // Version 2 is no longer the latest: it can go. A refusal first: the dialog closes and the server's words stay
    // beside the version; asking again clears them.
    const refusal = 'Version 2 is being prepared; try again in a moment.';
    await page.route(
      (url) => /\/versions\/2$/.test(url.pathname),
      (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 409, json: { error: refusal, code: 'CONFLICT' } })
          : route.fallback(),
      { times: 1 },
    );
    const deleteVersion2 = page.getByRole('button', { name: /^Delete version 2/ });
    await deleteVersion2.click();
    await dialog.getByRole('button', { name: 'Delete version' }).click();
    const version2 = page.getByRole('listitem', { name: 'Version 2' });
    await version2.getByText(refusal).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await deleteVersion2.click();
    await dialog.waitFor();
    // (the page outside the open dialog is hidden from roles, so the text is looked for in the whole page)
    expect(await page.getByText(refusal).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Delete version' }).click();
    await version2.waitFor({ state: 'detached' });
    expect(tab.unexpectedErrors(/status of 409/)).toEqual([]);
  }, 90_000);

  it('renames the project in place at 320 px: its h1, the tab, Data Sources and a reload show the new name', async () => {
    const first = await post(
      '/api/ifc/odata/upload',
      'Tower_2026-11-01_final.ifc',
      generateIfcFixture(MODEL).text,
    );
    const projectId = String(first.projectId);
    tab = await openSignedIn(browser, server.baseURL, account, { width: 320, height: 800 });
    const { page } = tab;
    const patches: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'PATCH' && pathname === `/api/ifc/projects/${projectId}`)
        patches.push(pathname);
    });
    await page.goto(`/app/data/sources/${encodeURIComponent(projectId)}`);
    const h1 = page.getByRole('heading', { level: 1 });
    await page.getByRole('heading', { name: 'Tower_2026-11-01_final', level: 1 }).waitFor();
    const fits = async () => {
      const { documentWidth, sticksOut } = await widthAt(page, 320);
      return { tooWide: documentWidth > 320, sticksOut };
    };

    // Enter on Rename opens the field with focus; the page keeps its h1 (for screen readers) while it is open.
    const rename = page.getByRole('button', { name: 'Rename project Tower_2026-11-01_final' });
    await rename.focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('textbox', { name: 'Project name', exact: true });
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await h1.allInnerTexts()).toHaveLength(1);
    expect(await h1.textContent()).toBe('Tower_2026-11-01_final');

    // Refused before any request: an empty name, then 121 characters; the reason is shown, the form fits.
    await field.fill('   ');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('Enter a project name').waitFor();
    await field.fill('x'.repeat(121));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('A project name has at most 120 characters').waitFor();
    expect(await fits()).toEqual({ tooWide: false, sticksOut: [] });
    // Escape leaves the name as it was and gives focus back to Rename.
    await page.keyboard.press('Escape');
    await field.waitFor({ state: 'detached' });
    await page.waitForFunction(() => /^Rename project/.test(document.activeElement?.textContent ?? ''));
    expect(await h1.textContent()).toBe('Tower_2026-11-01_final');
    expect(patches).toEqual([]);

    // 120 characters with nowhere to break: saved, and the h1 wraps instead of widening the page.
    const longName = 'Ω'.repeat(120);
    await rename.click();
    await field.fill(longName);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: longName, level: 1 }).waitFor();
    expect(await fits()).toEqual({ tooWide: false, sticksOut: [] });

    // A Unicode name, trimmed; Enter saves, focus is back on Rename, and the tab's title follows.
    const name = 'Tårn Ø8 — 北京';
    await page.getByRole('button', { name: /^Rename project/ }).click();
    await field.fill(`  ${name} `);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name, level: 1, exact: true }).waitFor();
    await page.waitForFunction(
      (expected) => document.activeElement?.textContent === `Rename project ${expected}`,
      name,
    );
    expect(patches).toHaveLength(2);
    await page.waitForFunction((expected) => document.title.startsWith(`${expected} |`), name);
    expect(await fits()).toEqual({ tooWide: false, sticksOut: [] });
    await screenshot(page, 'project-renamed-320');

    // Data Sources, reached inside the app (its list is read again, not loaded afresh), names it too.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Data Sources' })
      .click();
    await page.waitForURL('**/app/data/sources');
    const card = page.locator(`[data-project-card="${projectId}"]`);
    await card.getByRole('link', { name, exact: true }).waitFor();

    // A reload asks the server again: the name was kept.
    await page.reload();
    await card.getByRole('link', { name, exact: true }).waitFor();
    await card.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name, level: 1, exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name, level: 1, exact: true }).waitFor();
    expect(tab.unexpectedErrors()).toEqual([]);
  }, 90_000);

  it('says a project deleted in another tab is gone, once a change finds it missing, and leads back', async () => {
    const first = await post('/api/ifc/odata/upload', 'gone-tower.ifc', generateIfcFixture(MODEL).text);
    const projectId = String(first.projectId);
    tab = await openSignedIn(browser, server.baseURL, account, { width: 390, height: 800 });
    const { page } = tab;
    await page.goto(`/app/data/sources/${encodeURIComponent(projectId)}`);
    await page.getByRole('heading', { name: 'Models and versions' }).waitFor();
    const removed = await fetch(`${server.baseURL}/api/ifc/projects/${encodeURIComponent(projectId)}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(removed.status).toBe(200);

    // The page still shows the project; renaming its model answers 404, and the page follows.
    await page.getByRole('button', { name: /^Rename model/ }).click();
    await page.getByRole('textbox', { name: 'Model name', exact: true }).fill('Renamed');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Project not found', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Models and versions' }).count()).toBe(0);
    expect(await page.title()).toMatch(/^Project not found/);

    // Straight to a project that is not there: asked once (a 404 is not retried), not after seconds of loading.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/ifc/projects/${projectId}`) asked.push(request.method());
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Project not found', level: 1 }).waitFor();
    await page.waitForTimeout(1500); // a retry would come after 1 s
    expect(asked).toEqual(['GET']);
    await page.getByRole('link', { name: 'Back to Data Sources' }).click();
    await page.waitForURL('**/app/data/sources');
    expect(tab.unexpectedErrors(/404/)).toEqual([]);
  }, 60_000);

  it('connector: a file named like a model’s latest file becomes its next version by default', async () => {
    const name = 'connector-hall.ifc';
    const first = await post('/api/ifc/odata/upload', name, generateIfcFixture(MODEL).text);
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto(CONNECTOR_PATH);
    await chooseFile(page, writeModel(files.dir, name, generateIfcRevision(MODEL, REVISION).text));
    const asVersion = page.getByRole('radio', { name: /^New version of connector-hall in connector-hall/ });
    await asVersion.waitFor();
    expect(await asVersion.isChecked()).toBe(true);
    const accepted = page.waitForResponse((r) =>
      /\/models\/[^/]+\/versions$/.test(new URL(r.url()).pathname),
    );
    await page.getByRole('button', { name: 'Start Processing' }).click();
    expect((await accepted).status()).toBe(202);
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 30_000 });
    const history = await fetch(`${server.baseURL}/api/ifc/projects/${String(first.projectId)}/models`, {
      headers: { Authorization: `Bearer ${account.token}` },
    }).then((r) => r.json() as Promise<{ models: Array<{ versions: Array<{ number: number }> }> }>);
    expect(history.models.map((m) => m.versions.map((v) => v.number))).toEqual([[2, 1]]);
  }, 60_000);
});
