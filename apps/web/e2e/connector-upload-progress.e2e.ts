import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import {
  CONNECTOR_PATH,
  chooseFile,
  logText,
  overflowingElements,
  signedInTab,
  tempDir,
  writeIfcModel,
  type SignedInTab,
} from './connector-helpers';

let server: TestServer;
let browser: Browser;
let tab: SignedInTab;
let files: ReturnType<typeof tempDir>;

beforeAll(async () => {
  files = tempDir();
  // A limit other than the default: the connector must state the server's own.
  [server, browser] = await Promise.all([startServer({ MAX_UPLOAD_MB: '2560' }), launchBrowser()]);
});

afterAll(async () => {
  await tab?.context.close();
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
    const cdp = await tab.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1.5 * 1024 * 1024,
    });

    await chooseFile(page, model);
    await page.getByRole('button', { name: 'Start Processing' }).click();
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

    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText(/File uploaded, processing started/).waitFor({ timeout: 60_000 });
    expect(await progress.count()).toBe(0);
  });
});
