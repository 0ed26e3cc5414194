import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { widthAt } from './support/layout';
import { startServer, type TestServer } from './support/server';
import {
  apiGet,
  cancelJob,
  CONNECTOR_PATH,
  logText,
  signedInTab,
  startRun,
  tempDir,
  uploadReady,
  generateIfcFixture,
  writeIfcModel,
  type SignedInTab,
} from './connector-helpers';

/** A run that outlives the page (a reload, another page and back), and a run that fails under the keyboard. */
let server: TestServer;
let browser: Browser;
let tab: SignedInTab;
let files: ReturnType<typeof tempDir>;
let bigModel: string;
let bigCounts: Awaited<ReturnType<typeof writeIfcModel>>;
let corruptModel: string;

beforeAll(async () => {
  files = tempDir();
  bigModel = path.join(files.dir, 'block.ifc');
  corruptModel = path.join(files.dir, 'broken.ifc');
  [server, browser, bigCounts] = await Promise.all([
    startServer(),
    launchBrowser(),
    // Big enough that the server is still working when the test reloads or presses a key.
    writeIfcModel(bigModel, { bays: 8, targetBytes: 12 * 1024 * 1024, seed: 5 }),
    // Fails while parsing, after the job has started: a string that never ends, then megabytes more.
    writeIfcModel(corruptModel, {
      bays: 8,
      targetBytes: 12 * 1024 * 1024,
      seed: 6,
      faults: { unterminatedString: true },
    }),
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

/** The focused element as `tag "text"` (`body ""` when the focus was dropped). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return `${el?.tagName.toLowerCase()} "${(el?.textContent ?? '').trim().slice(0, 40)}"`;
  });

describe('IFC connector: a run still processing after a reload', () => {
  it('shows it again with its progress, Resume and Cancel, and carries it to Results (320 px, unicode name)', async () => {
    const name = 'Bürogebäude 東京 — north wing, phase two of the very long project name.ifc';
    const file = path.join(files.dir, name);
    copyFileSync(bigModel, file);
    tab = await signedInTab(browser, server.baseURL, 'resume', CONNECTOR_PATH);
    const { page } = tab;
    await page.setViewportSize({ width: 320, height: 640 });
    const job = await startRun(page, file);
    try {
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('button', { name: 'Resume' }).waitFor();
      const before = await logText(page);

      await page.reload();
      // The Process step again, for the same job, paused as the server holds it, with the file's name.
      await page.getByRole('heading', { name: 'Process' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Resume' }).waitFor();
      expect(await page.getByTestId('process-status').innerText()).toBe('Processing paused');
      expect(await page.getByText(name).count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
      const after = await logText(page);
      expect(after).toContain(`Following the processing of ${name} again (job ${job.jobId})`);
      expect(after).toContain('Processing paused');
      // The server's own log of the run so far is shown again (its pause among it).
      expect(before).toContain('Processing paused');
      expect(await focused(page)).toBe('h2 "Process"');
      const narrow = await widthAt(page, 320);
      expect(narrow.sticksOut).toEqual([]);
      expect(narrow.documentWidth).toBeLessThanOrEqual(320);

      // Another page and back: still found.
      await page.getByRole('navigation', { name: 'Connector steps' }).waitFor();
      await page.goto('/app/help');
      await page.goto(CONNECTOR_PATH);
      await page.getByRole('button', { name: 'Resume' }).waitFor({ timeout: 15_000 });

      await page.getByRole('button', { name: 'Resume' }).click();
      await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 60_000 });
      expect(await logText(page)).toContain(
        `Upload complete - ${bigCounts.totalProducts} elements extracted`,
      );
      expect(await page.getByRole('textbox', { name: 'Tableau URL' }).inputValue()).toContain(job.projectId);
      expect(await page.getByRole('textbox', { name: 'OData endpoint URL' }).inputValue()).toBe(
        `${server.baseURL}/api/ifc/odata/projects/${job.projectId}/`,
      );
      // Finished: a reload now shows the empty Select step.
      await page.reload();
      await page.getByText('Maximum file size').waitFor();
      await page.waitForTimeout(1000);
      expect(await page.getByRole('heading', { name: 'Process' }).count()).toBe(0);
      expect(tab.unexpectedErrors()).toEqual([]);
    } finally {
      await cancelJob(server.baseURL, tab.token, job.jobId);
    }
  }, 120_000);

  it('cancels a run found again and says so on the Select step', async () => {
    tab = await signedInTab(browser, server.baseURL, 'resumecancel', CONNECTOR_PATH);
    const { page } = tab;
    const job = await startRun(page, bigModel);
    try {
      await page.reload();
      await page.getByRole('button', { name: 'Cancel' }).click({ timeout: 15_000 });
      await page.getByText('Maximum file size').waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /Processing cancelled/ })
        .waitFor();
      let status = '';
      for (let i = 0; i < 50 && status !== 'cancelled'; i += 1) {
        const answer = await apiGet<{ status: string }>(
          server.baseURL,
          tab.token,
          `/api/ifc/jobs/${job.jobId}`,
        );
        status = answer.status === 404 ? 'cancelled' : answer.body.status;
        if (status !== 'cancelled') await page.waitForTimeout(100);
      }
      expect(status).toBe('cancelled');
    } finally {
      await cancelJob(server.baseURL, tab.token, job.jobId);
    }
  }, 60_000);

  it('finds a new version of a published model uploaded from another device, and follows it to Results', async () => {
    tab = await signedInTab(browser, server.baseURL, 'otherdevice', CONNECTOR_PATH);
    const { page } = tab;
    const small = generateIfcFixture({ storeys: 1, bays: 1, seed: 12 });
    const { projectId } = await uploadReady(server.baseURL, tab.token, 'Tower Ω.ifc', small.text);
    // The other device: the version's upload and its pause go straight to the API, so this tab holds no hint.
    const form = new FormData();
    form.append('ifcFile', new Blob([readFileSync(bigModel)]), 'Tower Ω rev B.ifc');
    const started = await fetch(
      `${server.baseURL}/api/ifc/projects/${projectId}/models/${projectId}/versions`,
      { method: 'POST', headers: { Authorization: `Bearer ${tab.token}` }, body: form },
    );
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    try {
      const paused = await fetch(`${server.baseURL}/api/ifc/jobs/${jobId}/pause`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tab.token}` },
      });
      expect(paused.status).toBe(200);
      expect(
        await page.evaluate(() => window.sessionStorage.getItem('aec.connector.lastRunProject')),
      ).toBeNull();
      await page.reload();
      await page.getByRole('heading', { name: 'Process' }).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('process-status').innerText()).toBe('Processing paused');
      expect(await logText(page)).toContain(
        `Following the processing of Tower Ω rev B.ifc again (job ${jobId})`,
      );
      await page.getByRole('button', { name: 'Resume' }).click();
      await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 60_000 });
      expect(await page.getByRole('textbox', { name: 'OData endpoint URL' }).inputValue()).toBe(
        `${server.baseURL}/api/ifc/odata/projects/${projectId}/`,
      );
      expect(tab.unexpectedErrors()).toEqual([]);
    } finally {
      await cancelJob(server.baseURL, tab.token, jobId);
    }
  }, 120_000);

  it('says it is looking for a run while the lookup is slow, then leaves the Select step as it is', async () => {
    tab = await signedInTab(browser, server.baseURL, 'slowlookup', CONNECTOR_PATH);
    const { page } = tab;
    await page.route(/\/api\/ifc\/projects(\?.*)?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.reload();
    const looking = page
      .getByRole('status')
      .filter({ hasText: 'Looking for an upload of yours still being processed…' });
    await looking.waitFor({ timeout: 5000 });
    // The file can be chosen meanwhile: the Select step is there under the status.
    expect(await page.getByText('Maximum file size').isVisible()).toBe(true);
    await looking.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.getByRole('heading', { name: 'Process' }).count()).toBe(0);
    expect(await page.getByText('Maximum file size').isVisible()).toBe(true);
    expect(tab.unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('ignores a garbled or foreign remembered project, and another user’s running job', async () => {
    // Someone else's project, published: readable by id, but not this user's run.
    const other = await signedInTab(browser, server.baseURL, 'someoneelse', CONNECTOR_PATH);
    const small = generateIfcFixture({ storeys: 1, bays: 1, seed: 9 });
    const theirs = await uploadReady(server.baseURL, other.token, 'theirs.ifc', small.text);
    const theirJob = await startRun(other.page, bigModel);
    try {
      for (const remembered of ['../../x"<script>', theirs.projectId, theirJob.projectId, 'ü'.repeat(300)]) {
        tab = await signedInTab(browser, server.baseURL, 'stalehint', CONNECTOR_PATH);
        const { page } = tab;
        await page.evaluate(
          (value) => window.sessionStorage.setItem('aec.connector.lastRunProject', value),
          remembered,
        );
        await page.reload();
        await page.getByText('Maximum file size').waitFor();
        await page.waitForTimeout(1000);
        expect(await page.getByRole('heading', { name: 'Process' }).count()).toBe(0);
        expect(tab.unexpectedErrors()).toEqual([]);
        await tab.context.close();
      }
    } finally {
      await cancelJob(server.baseURL, other.token, theirJob.jobId);
      await other.context.close();
    }
  }, 90_000);
});

describe('IFC connector: a run that fails on the Process step', () => {
  it('moves the keyboard focus from the vanished Pause button to the failure alert', async () => {
    tab = await signedInTab(browser, server.baseURL, 'failfocus', CONNECTOR_PATH);
    const { page } = tab;
    await page.setViewportSize({ width: 320, height: 640 });
    const job = await startRun(page, corruptModel);
    try {
      // The keyboard user is on Pause when the server reports the failure; Pause and Cancel then go away.
      await page.getByRole('button', { name: 'Pause' }).focus();
      await page.getByText(/^Error processing IFC file:/).waitFor({ timeout: 60_000 });
      await page.waitForTimeout(200);
      expect(await focused(page)).toMatch(/^div "Your file was not processed/);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
      // From the alert, Tab reaches its first action.
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button "Choose another file"');
      const narrow = await widthAt(page, 320);
      expect(narrow.sticksOut).toEqual([]);
    } finally {
      await cancelJob(server.baseURL, tab.token, job.jobId);
    }
  }, 90_000);
});
