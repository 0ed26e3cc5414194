import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import {
  apiGet,
  startRun,
  CONNECTOR_PATH,
  signedInTab,
  tempDir,
  writeIfcModel,
  type SignedInTab,
} from './connector-helpers';

let server: TestServer;
let browser: Browser;
let tab: SignedInTab;
let files: ReturnType<typeof tempDir>;
let bigModel: string;
let bigCounts: Awaited<ReturnType<typeof writeIfcModel>>;

// Big enough that the server is still working when the test presses Pause or Cancel.
beforeAll(async () => {
  files = tempDir();
  bigModel = path.join(files.dir, 'tower.ifc');
  [server, browser, bigCounts] = await Promise.all([
    startServer(),
    launchBrowser(),
    writeIfcModel(bigModel, { bays: 8, targetBytes: 15 * 1024 * 1024, seed: 3 }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
});

afterEach(async () => {
  await tab?.context.close();
});

type Job = { jobId: string; projectId: string; status: string };

const percent = async (page: Page) =>
  Number(await page.getByRole('progressbar').getAttribute('aria-valuenow'));

describe('IFC connector: controlling the server job', () => {
  it('pauses the server job, stays paused, then resumes to the exact element count', async () => {
    tab = await signedInTab(browser, server.baseURL, 'pause', CONNECTOR_PATH);
    const { page } = tab;
    const job = await startRun(page, bigModel);
    expect(job.httpStatus).toBe(202);
    expect(await percent(page)).toBeGreaterThanOrEqual(10);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await page.getByTestId('process-status').innerText()).toBe('Processing paused');
    const paused = await apiGet<Job>(server.baseURL, tab.token, `/api/ifc/jobs/${job.jobId}`);
    expect(paused.body.status).toBe('paused');
    // The server pauses at its next batch boundary (a parse in progress finishes first): wait until the
    // bar has held still for a second, then check that nothing is published while paused.
    let last = -1;
    for (let i = 0; i < 20 && (await percent(page)) !== last; i += 1) {
      last = await percent(page);
      await page.waitForTimeout(1000);
    }
    expect(await percent(page)).toBe(last);
    expect(last).toBeLessThan(100);
    expect((await apiGet<Job>(server.baseURL, tab.token, `/api/ifc/jobs/${job.jobId}`)).body.status).toBe(
      'paused',
    );
    expect(await page.getByText(/Upload complete/).count()).toBe(0);
    expect(await page.getByTestId('process-status').innerText()).toBe('Processing paused');

    await page.getByRole('button', { name: 'Resume' }).click();
    await page
      .getByText(`Upload complete - ${bigCounts.totalProducts} elements extracted`)
      .waitFor({ timeout: 60_000 });
    const log = await page.getByRole('list', { name: 'Processing log' }).innerText();
    expect(log).toContain('Processing paused');
    expect(log).toContain('Processing resumed');
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    const count = await apiGet<number>(
      server.baseURL,
      tab.token,
      `/api/ifc/odata/projects/${job.projectId}/IFCElements/$count`,
    );
    expect(count.body).toBe(bigCounts.totalProducts);
  }, 85_000);

  it('Cancel and Back stop the server job mid-way, return to Preview and leave no project', async () => {
    tab = await signedInTab(browser, server.baseURL, 'cancel', CONNECTOR_PATH);
    const { page } = tab;
    const first = await startRun(page, bigModel);
    expect(first.httpStatus).toBe(202);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();

    const second = await startRun(page, null);
    expect(second.httpStatus).toBe(202);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();

    for (const job of [first, second]) {
      // Cancel is asynchronous on the server side of the click; poll briefly.
      let status = '';
      for (let i = 0; i < 50 && status !== 'cancelled'; i += 1) {
        const answer = await apiGet<Job>(server.baseURL, tab.token, `/api/ifc/jobs/${job.jobId}`);
        status = answer.status === 404 ? 'cancelled' : answer.body.status;
        if (status !== 'cancelled') await page.waitForTimeout(100);
      }
      expect(status).toBe('cancelled');
      expect((await apiGet(server.baseURL, tab.token, `/api/ifc/projects/${job.projectId}`)).status).toBe(
        404,
      );
    }
    const projects = await apiGet<{ projects: unknown[] }>(server.baseURL, tab.token, '/api/ifc/projects');
    expect(projects.body.projects).toEqual([]);
    expect(await page.getByText(/Error processing IFC file/).count()).toBe(0);
  }, 60_000);
});
