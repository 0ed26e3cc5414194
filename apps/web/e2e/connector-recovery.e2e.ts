import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { widthAt } from './support/layout';
import { startServer, type TestServer } from './support/server';
import {
  cancelJob,
  chooseFile,
  CONNECTOR_PATH,
  generateIfcFixture,
  signedInTab,
  startRun,
  tempDir,
  writeIfcModel,
  writeModel,
  type SignedInTab,
} from './connector-helpers';

/** The ways out of a run that did not go as planned: a refused file, Cancel, Pause, and leaving a finished run. */
let server: TestServer;
let browser: Browser;
let tab: SignedInTab;
let files: ReturnType<typeof tempDir>;
let bigModel: string;

beforeAll(async () => {
  files = tempDir();
  bigModel = path.join(files.dir, 'block.ifc');
  [server, browser] = await Promise.all([
    startServer(),
    launchBrowser(),
    // Big enough that the server is still working when the test presses Pause or Cancel.
    writeIfcModel(bigModel, { bays: 8, targetBytes: 12 * 1024 * 1024, seed: 5 }),
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

const logLines = (page: Page) => page.getByRole('list', { name: 'Processing log' }).getByRole('listitem');

/** Every job-control request the page sends, e.g. `cancel 409`. */
function jobControls(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    const match = /\/api\/ifc\/jobs\/[^/]+\/(pause|resume|cancel)$/.exec(response.url());
    if (match) seen.push(`${match[1]} ${response.status()}`);
  });
  return seen;
}

describe('IFC connector: recovery paths', () => {
  it('leads a refused upload with the server’s reason and offers another file', async () => {
    const notIfc = writeModel(files.dir, 'minutes.ifc', 'Minutes of the site meeting, not a STEP file.\n');
    const good = generateIfcFixture({ storeys: 1, bays: 1, seed: 2 });
    const goodFile = writeModel(files.dir, 'shed.ifc', good.text);
    tab = await signedInTab(browser, server.baseURL, 'refused', CONNECTOR_PATH);
    const { page } = tab;
    await chooseFile(page, notIfc);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/ifc/odata/upload'));
    await page.getByRole('button', { name: 'Start Processing' }).click();
    const body = (await (await answer).json()) as { message: string };
    await page.getByText('Your file was not processed').waitFor();

    const lines = await logLines(page).allInnerTexts();
    const errors = lines.filter((line) => !line.includes('Uploading minutes.ifc'));
    expect(errors[0]).toContain(body.message);
    expect(lines.join('\n')).toContain('Upload failed: Bad Request');

    await page.getByRole('button', { name: 'Choose another file' }).click();
    await chooseFile(page, goodFile);
    expect(await page.getByTestId('preview-File name').innerText()).toBe('shed.ifc');
    expect(tab.unexpectedErrors(/status of 400/)).toEqual([]);
  });

  it('says on Preview that a cancelled run was stopped', async () => {
    tab = await signedInTab(browser, server.baseURL, 'cancelled', CONNECTOR_PATH);
    const { page } = tab;
    await startRun(page, bigModel);
    const cancelAnswer = page.waitForResponse((r) => r.url().endsWith('/cancel'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await cancelAnswer).status()).toBe(200);
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: /cancelled/i });
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/nothing was published/i);

    // A new run starts without the old notice.
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/ifc/odata/upload'));
    await page.getByRole('button', { name: 'Start Processing' }).click();
    const { jobId } = (await (await accepted).json()) as { jobId: string };
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect(await page.getByText(/cancelled/i).count()).toBe(0);
    await cancelJob(server.baseURL, tab.token, jobId);
  }, 60_000);

  it('says after Pause that the step in progress finishes first', async () => {
    tab = await signedInTab(browser, server.baseURL, 'pausing', CONNECTOR_PATH);
    const { page } = tab;
    const { jobId } = await startRun(page, bigModel);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await page.getByText('Processing paused', { exact: false }).first().waitFor();
    const log = (await logLines(page).allInnerTexts()).join('\n');
    expect(log).toContain('Processing paused');
    expect(log).toMatch(/step in progress finishes first/i);
    await cancelJob(server.baseURL, tab.token, jobId);
  }, 60_000);

  it('leaves a finished run without trying to cancel it', async () => {
    const model = generateIfcFixture({ storeys: 1, bays: 2, seed: 4 });
    const file = writeModel(files.dir, 'kiosk.ifc', model.text);
    tab = await signedInTab(browser, server.baseURL, 'finished', CONNECTOR_PATH);
    const { page } = tab;
    const controls = jobControls(page);

    await chooseFile(page, file);
    await page.getByRole('button', { name: 'Start Processing' }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Process Another File' }).click();
    await page.getByText('Maximum file size').waitFor();

    // Back while the finished run still shows 100% on the Process step.
    await chooseFile(page, file);
    await page.getByRole('button', { name: 'Start Processing' }).click();
    await page.getByText('Processing complete!').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();
    expect(await page.getByText(/cancelled/i).count()).toBe(0);

    await page.waitForTimeout(300);
    expect(controls).toEqual([]);
    expect(tab.unexpectedErrors()).toEqual([]);
  }, 60_000);

  it('keeps the keyboard focus through Start, Pause, Resume and Cancel, and fits 320 px with a long file name', async () => {
    const longName =
      'Office_A_with_a_really_long_descriptive_name_for_the_tower_block_north_wing_phase_two.ifc';
    const file = path.join(files.dir, longName);
    copyFileSync(bigModel, file);
    tab = await signedInTab(browser, server.baseURL, 'focus', CONNECTOR_PATH);
    const { page } = tab;
    await page.setViewportSize({ width: 320, height: 640 });
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return `${el?.tagName.toLowerCase()} "${(el?.textContent ?? '').trim().slice(0, 40)}"`;
      });
    await chooseFile(page, file);
    await page.getByRole('button', { name: 'Start Processing' }).focus();
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/ifc/odata/upload'));
    await page.keyboard.press('Enter');
    const { jobId } = (await (await accepted).json()) as { jobId: string };
    try {
      expect(await focused()).toBe('h2 "Process"');
      const processing = await widthAt(page, 320);
      expect(processing.sticksOut).toEqual([]);
      expect(processing.documentWidth).toBeLessThanOrEqual(320);

      const pause = page.getByRole('button', { name: 'Pause' }).and(page.locator(':enabled'));
      await pause.waitFor();
      await pause.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Resume' }).waitFor();
      await page.waitForTimeout(200);
      expect(await focused()).toBe('button "Resume"');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      await page.waitForTimeout(200);
      expect(await focused()).toBe('button "Pause"');

      await page.getByRole('button', { name: 'Cancel' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Start Processing' }).waitFor();
      expect(await focused()).toBe('h2 "Preview"');
    } finally {
      await cancelJob(server.baseURL, tab.token, jobId);
    }
  }, 60_000);
});
