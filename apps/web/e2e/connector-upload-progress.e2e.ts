import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import {
  CONNECTOR_PATH,
  apiGet,
  chooseFile,
  generateIfcFixture,
  logText,
  overflowingElements,
  pressStartProcessing,
  recordApiTraffic,
  signedInTab,
  tempDir,
  writeIfcModel,
  uploadReady,
  waitForUploadLimit,
  type SignedInTab,
} from './connector-helpers';

/** Sets how fast the tab may upload, in bytes per second (null: as fast as it can), so progress can be watched. */
async function uploadSpeed(tab: SignedInTab): Promise<(bytesPerSecond: number | null) => Promise<void>> {
  const cdp = await tab.context.newCDPSession(tab.page);
  await cdp.send('Network.enable');
  return async (bytesPerSecond) => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: bytesPerSecond === null ? 0 : 20,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond ?? -1,
    });
  };
}

/**
 * Leaves the page through its Dashboard link, confirming "Leave and stop the upload", and waits for the browser to
 * report the upload request (`isUpload`) stopped. The next page loads in a React transition that keeps this one
 * (and, unless stopped, its upload) on screen until the page's code has arrived: the code is held back here, as a
 * slow hour or link holds it, while the upload is let run at full speed, so an upload stopped only when the page
 * goes would arrive whole instead.
 */
async function leaveStoppingTheUpload(
  page: Page,
  setUploadSpeed: (bytesPerSecond: number | null) => Promise<void>,
  isUpload: (url: string) => boolean,
): Promise<void> {
  const from = new URL(page.url()).pathname;
  const stopped = page.waitForEvent('requestfailed', {
    predicate: (request) => request.method() === 'POST' && isUpload(request.url()),
    timeout: 10_000,
  });
  let releaseCode = () => {};
  const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route('**/assets/**', async (route) => {
    await codeHeld;
    await route.continue();
  });
  try {
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page
      .getByRole('alertdialog', { name: 'Leave while the file is uploading?' })
      .getByRole('button', { name: 'Leave and stop the upload' })
      .click();
    await setUploadSpeed(null);
    await stopped;
  } finally {
    releaseCode();
  }
  await page.waitForURL((url) => url.pathname !== from);
  await page.unroute('**/assets/**');
}

let server: TestServer;
let browser: Browser;
let tab: SignedInTab;
let leaving: SignedInTab | undefined;
let files: ReturnType<typeof tempDir>;

beforeAll(async () => {
  files = tempDir();
  // A limit other than the default: the connector must state the server's own.
  [server, browser] = await Promise.all([startServer({ MAX_UPLOAD_MB: '2560' }), launchBrowser()]);
});

afterAll(async () => {
  await tab?.context.close();
  await leaving?.context.close();
  await browser?.close();
  await server?.stop();
  files?.remove();
});

describe('IFC connector: upload progress and the server limit', () => {
  it('states the server limit and shows bytes sent, rate and time left while a throttled upload runs, at 320 px', async () => {
    const model = path.join(files.dir, 'Krankenhaus Süd.ifc');
    await writeIfcModel(model, { targetBytes: 6 * 1024 * 1024, bays: 6 });
    tab = await signedInTab(browser, server.baseURL, 'progress', CONNECTOR_PATH);
    const { page } = tab;
    await page.setViewportSize({ width: 320, height: 720 });
    await page.getByTestId('upload-limit').filter({ hasText: '2.5GB' }).waitFor();

    // About 1.5 MB/s up: the 6 MB file takes seconds to send, so its progress can be watched.
    const setUploadSpeed = await uploadSpeed(tab);
    await setUploadSpeed(1.5 * 1024 * 1024);

    await chooseFile(page, model);
    await pressStartProcessing(page);
    const progress = page.getByTestId('upload-progress');
    const rated = /^Uploading: [\d.]+ (KB|MB) of 6\.\d\d MB sent · [\d.]+ (KB|MB)\/s · .+ left$/;
    await page.waitForFunction(
      (pattern) =>
        new RegExp(pattern).test(document.querySelector('[data-testid=upload-progress]')?.textContent ?? ''),
      rated.source,
    );
    const first = await progress.innerText();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(await bar.getAttribute('aria-valuetext')).toContain('sent');
    expect(await page.locator('[aria-live=polite]', { hasText: /^Upload \d+% sent$/ }).count()).toBe(1);
    expect(await overflowingElements(page)).toEqual([]);

    // The words move on while the file is still going up, before processing starts.
    await page.waitForFunction((seen) => {
      const text = document.querySelector('[data-testid=upload-progress]')?.textContent ?? '';
      return text !== '' && text !== seen;
    }, first);
    expect(await logText(page)).not.toContain('processing started');

    await setUploadSpeed(null);
    await page.getByText(/File uploaded, processing started/).waitFor({ timeout: 60_000 });
    expect(await progress.count()).toBe(0);
  });

  it('asks before a link or a reload would stop a running upload, and keeps it going when the user stays', async () => {
    const model = path.join(files.dir, 'Flughafen Nord.ifc');
    await writeIfcModel(model, { targetBytes: 6 * 1024 * 1024, bays: 6 });
    leaving = await signedInTab(browser, server.baseURL, 'leaving', CONNECTOR_PATH);
    const { page, token } = leaving;
    const traffic = recordApiTraffic(page);
    const setUploadSpeed = await uploadSpeed(leaving);
    // About 0.25 MB/s up (24 s for the file): the upload is still running whatever the test does meanwhile.
    await setUploadSpeed(256 * 1024);
    await chooseFile(page, model);
    await pressStartProcessing(page, traffic);
    await page.getByTestId('upload-progress').filter({ hasText: /sent/ }).waitFor();

    // A link inside the app: the dialog says what leaving costs; Escape keeps the upload and the page.
    const dashboardLink = page.getByRole('link', { name: 'Dashboard', exact: true }).first();
    await dashboardLink.click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave while the file is uploading?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Flughafen Nord.ifc is still being sent');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(CONNECTOR_PATH);
    await dashboardLink.click();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('upload-progress').count()).toBe(1);

    // Closing or reloading the tab: the browser's own prompt, dismissed here, so the upload still runs.
    const prompt = new Promise<string>((resolve) =>
      page.once('dialog', (asked) => {
        resolve(asked.type());
        void asked.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    expect(await page.getByTestId('upload-progress').count()).toBe(1);

    // Leaving on purpose stops the upload, at the click: no project is made from the file.
    await leaveStoppingTheUpload(page, setUploadSpeed, (url) => url.endsWith('/api/ifc/odata/upload'));
    const projects = async () =>
      (await apiGet<{ projects: unknown[] }>(server.baseURL, token, '/api/ifc/projects')).body.projects;
    expect(await projects()).toEqual([]);

    // With the file sent, nothing asks any more: the server finishes the job whoever watches it.
    await page.goto(CONNECTOR_PATH);
    // As a user would: the file is chosen once the Select step has loaded (it states the server's limit).
    await waitForUploadLimit(page, '2.5GB', traffic);
    await chooseFile(page, model, traffic);
    await pressStartProcessing(page, traffic);
    await page.getByText(/File uploaded, processing started/).waitFor({ timeout: 60_000 });
    // One project: this upload's. The stopped one never arrived whole.
    expect(await projects()).toHaveLength(1);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname !== CONNECTOR_PATH);
    expect(await dialog.count()).toBe(0);
  });

  it('asks the same on a project page while its "Upload new version" sends a file', async () => {
    const model = path.join(files.dir, 'Tower v2.ifc');
    await writeIfcModel(model, { targetBytes: 6 * 1024 * 1024, bays: 6 });
    const tab2 = await signedInTab(browser, server.baseURL, 'version', CONNECTOR_PATH);
    try {
      const { page } = tab2;
      const { projectId } = await uploadReady(
        server.baseURL,
        tab2.token,
        'Tower.ifc',
        generateIfcFixture({ storeys: 1, bays: 1 }).text,
      );
      await page.goto(`/app/data/sources/${projectId}`);
      await page.getByRole('heading', { name: 'Models and versions' }).waitFor();
      const setUploadSpeed = await uploadSpeed(tab2);
      await setUploadSpeed(256 * 1024);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload new version' }).click();
      await (await chooser).setFiles(model);
      await page.getByText(/^Uploading Tower v2\.ifc… \d+%$/).waitFor();

      await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
      const dialog = page.getByRole('alertdialog', { name: 'Leave while the file is uploading?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Tower v2.ifc is still being sent');
      await dialog.getByRole('button', { name: 'Stay on this page' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/app/data/sources/${projectId}`);

      // Leaving on purpose stops this upload too, at the click: the model keeps its one version.
      await leaveStoppingTheUpload(page, setUploadSpeed, (url) =>
        url.includes(`/api/ifc/projects/${projectId}/models`),
      );
      const history = await apiGet<{ models: Array<{ versions: unknown[] }> }>(
        server.baseURL,
        tab2.token,
        `/api/ifc/projects/${projectId}/models`,
      );
      expect(history.body.models.map((model) => model.versions.length)).toEqual([1]);
    } finally {
      await tab2.context.close();
    }
  });
});
