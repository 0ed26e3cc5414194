import { truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeRuleViolations } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { widthAt } from './support/layout';
import { startServer, type TestServer } from './support/server';
import {
  apiGet,
  chooseFile,
  CONNECTOR_PATH,
  generateIfcFixture,
  logText,
  overflowingElements,
  signedInTab,
  tempDir,
  writeModel,
  type SignedInTab,
} from './connector-helpers';

let server: TestServer;
let browser: Browser;
let tab: SignedInTab;
let files: ReturnType<typeof tempDir>;

beforeAll(async () => {
  files = tempDir();
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  files?.remove();
});

afterEach(async () => {
  await tab?.context.close();
});

const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** The focused element as `tag "text"`, e.g. `h2 "Results"` (`body ""` when focus was dropped). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return `${el?.tagName.toLowerCase()} "${(el?.textContent ?? '').trim().slice(0, 40)}"`;
  });

describe('IFC connector: select, preview, process, results', () => {
  it('processes a generated model end to end and publishes exactly its elements', async () => {
    const fixture = generateIfcFixture({ storeys: 3, bays: 4, seed: 7 });
    const file = writeModel(files.dir, 'office.ifc', fixture.text);
    const bytes = Buffer.byteLength(fixture.text);
    const total = fixture.counts.totalProducts;
    tab = await signedInTab(browser, server.baseURL, 'happy', CONNECTOR_PATH);
    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
    const { page } = tab;

    await page.getByRole('heading', { name: 'IFC Tableau Connector' }).waitFor();
    // The limit is the server's (GET /api/ifc/limits): the default one reads as the spec writes it.
    await page.getByTestId('upload-limit').filter({ hasText: '100MB' }).waitFor();
    const intro = await page.getByText('Maximum file size').innerText();
    expect(intro).toContain('100MB');
    expect(intro).toContain('IFC 2x3, IFC4, IFC4x1');

    await chooseFile(page, file);
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();
    expect(await page.getByTestId('preview-File size').innerText()).toBe(formatKb(bytes));
    // Counted from the file in the browser (products), and timed at the server's measured rate, as a range.
    await page
      .getByTestId('preview-Estimated Elements')
      .getByText(/^[\d,]+$/)
      .waitFor();
    expect(await page.getByTestId('preview-Estimated Elements').innerText()).toBe(
      total.toLocaleString('en-US'),
    );
    await page
      .getByTestId('preview-Estimated processing time')
      .getByText(/^about \d+–\d+ seconds$/)
      .waitFor();

    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/ifc/odata/upload'));
    await page.getByRole('button', { name: 'Start Processing' }).click();
    expect((await accepted).status()).toBe(202);
    await page.getByText(`Upload complete - ${total} elements extracted`).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('process-status').innerText()).toBe('Processing complete!');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const processLog = await logText(page);
    expect(processLog).toContain('OData endpoint ready for Tableau');
    // The server's own log lines carry the model's real counts per type.
    const top = Object.entries(fixture.counts.productsByType)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4);
    for (const [type, n] of top) expect(processLog).toContain(`${n} ${type}`);
    expect(processLog).toMatch(/UPLOAD|upload/);

    // About a second later: Results.
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('result-count').innerText()).toBe(total.toLocaleString('en-US'));
    const odataUrl = await page.getByRole('textbox', { name: 'OData endpoint URL' }).inputValue();
    const tableauUrl = await page.getByRole('textbox', { name: 'Tableau URL' }).inputValue();
    const count = await apiGet<number>(server.baseURL, tab.token, `${odataUrl}IFCElements/$count`);
    expect(count).toEqual({ status: 200, body: total });
    const tableau = await apiGet<{ value: unknown[] }>(
      server.baseURL,
      tab.token,
      `${tableauUrl}&$top=100000`,
    );
    expect(tableau.body.value).toHaveLength(total);

    // Copy: success and refusal both end up in the log.
    await page.getByRole('button', { name: 'Copy OData endpoint URL' }).click();
    await page.getByText('URL copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(odataUrl);
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await page.getByRole('button', { name: 'Copy Tableau URL' }).click();
    await page.getByText('Failed to copy URL').waitFor();

    // A feed token, shown once, signs a BI tool in with the username.
    await page.getByRole('button', { name: 'Create feed token' }).click();
    const feedToken = await page.getByTestId('feed-token').innerText();
    const basic = Buffer.from(`${tab.user.username}:${feedToken}`).toString('base64');
    const viaToken = await fetch(`${odataUrl}IFCElements/$count`, {
      headers: { Authorization: `Basic ${basic}` },
    });
    expect(await viaToken.text()).toBe(String(total));

    // Connection files download with the bearer header.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Power BI connection file/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pbids$/);

    expect(await page.getByText('7C19CF64').isVisible()).toBe(true);
    expect(await page.getByText(/cannot reach localhost URLs/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create Demo Data' }).click();
    await page.getByText('Demo data created successfully').waitFor({ timeout: 30_000 });
    await screenshot(page, 'connector-results');

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByText('Maximum file size').waitFor();
    expect(tab.unexpectedErrors()).toEqual([]);
  });

  it('refuses a file without the .ifc extension with the spec alert and clears the selection', async () => {
    const file = writeModel(files.dir, 'model.ifc.txt', generateIfcFixture({ storeys: 1 }).text);
    tab = await signedInTab(browser, server.baseURL, 'ext', CONNECTOR_PATH);
    const { page } = tab;
    await page.getByText('Maximum file size').waitFor();
    const dialog = page.waitForEvent('dialog');
    const choosing = chooseFile(page, file);
    const alert = await dialog;
    expect(alert.message()).toBe('Please select a valid IFC file (.ifc extension)');
    await alert.accept();
    await choosing;
    expect(await page.locator('input[type=file]').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Start Processing' }).count()).toBe(0);

    // Upper case passes the case-insensitive check.
    const upper = writeModel(files.dir, 'MODEL.IFC', generateIfcFixture({ storeys: 1 }).text);
    await chooseFile(page, upper);
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();
  });

  it('takes a model dropped on the Select step, and says so for several files or a wrong extension', async () => {
    const fixture = generateIfcFixture({ storeys: 1, seed: 3 });
    tab = await signedInTab(browser, server.baseURL, 'dropper', CONNECTOR_PATH);
    const { page } = tab;
    const zone = page.locator('label', { has: page.getByTestId('upload-limit') });
    await zone.waitFor();
    // What a file manager hands the page: a DataTransfer of files (Playwright cannot drag from outside).
    const drag = (names: string[]) =>
      page.evaluateHandle(
        ({ names: list, text }) => {
          const transfer = new DataTransfer();
          for (const name of list) transfer.items.add(new File([text], name));
          return transfer;
        },
        { names, text: fixture.text },
      );
    // The alert blocks the page inside the drop handler: it is answered while the drop is still being dispatched.
    const alertOn = async (names: string[]) => {
      const transfer = await drag(names);
      const dialog = page.waitForEvent('dialog');
      const dropped = zone.dispatchEvent('drop', { dataTransfer: transfer });
      const alert = await dialog;
      const message = alert.message();
      await alert.accept();
      await dropped;
      return message;
    };
    expect(await alertOn(['a.ifc', 'b.ifc'])).toBe('Drop one IFC file at a time.');
    expect(await alertOn(['notes.txt'])).toBe('Please select a valid IFC file (.ifc extension)');
    expect(await page.getByRole('button', { name: 'Start Processing' }).count()).toBe(0);

    const one = await drag(['Dropped Tower.ifc']);
    await zone.dispatchEvent('dragenter', { dataTransfer: one });
    await zone.dispatchEvent('dragover', { dataTransfer: one });
    expect(await zone.getAttribute('data-dragging')).toBe('true');
    await zone.dispatchEvent('drop', { dataTransfer: one });
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();
    expect(await page.getByText('Dropped Tower.ifc').count()).toBeGreaterThan(0);
    expect(tab.unexpectedErrors()).toEqual([]);
  });

  it('refuses a model over 100 MB on the Select step without uploading it', async () => {
    const huge = path.join(files.dir, 'huge.ifc');
    writeFileSync(huge, '');
    truncateSync(huge, 100 * 1024 * 1024 + 1);
    tab = await signedInTab(browser, server.baseURL, 'size', CONNECTOR_PATH);
    const { page } = tab;
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/ifc/odata/upload')) uploads += 1;
    });
    await page.getByTestId('upload-limit').filter({ hasText: '100MB' }).waitFor();
    await chooseFile(page, huge);
    await page.getByRole('alert').filter({ hasText: 'File too large' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('the maximum is 100MB');
    expect(await page.getByRole('button', { name: 'Start Processing' }).count()).toBe(0);
    expect(uploads).toBe(0);
  });

  it('shows the server refusal of a file that is not IFC inside as Upload failed: {status text}', async () => {
    const file = writeModel(files.dir, 'notes.ifc', 'These are meeting notes, not a STEP file.\n');
    tab = await signedInTab(browser, server.baseURL, 'notifc', CONNECTOR_PATH);
    const { page } = tab;
    await chooseFile(page, file);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/ifc/odata/upload'));
    await page.getByRole('button', { name: 'Start Processing' }).click();
    const response = await answer;
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { message: string; code: string };
    await page.getByText('Upload failed: Bad Request').waitFor();
    expect(await logText(page)).toContain(body.message);
    expect(await page.getByRole('button', { name: 'Use demo data instead' }).isVisible()).toBe(true);
    expect(tab.unexpectedErrors(/status of 400/)).toEqual([]);
  });

  it('shows the parse error of a corrupt model and offers the demo project, clearly labelled', async () => {
    const corrupt = generateIfcFixture({ storeys: 2, faults: { unterminatedString: true } });
    const file = writeModel(files.dir, 'corrupt.ifc', corrupt.text);
    tab = await signedInTab(browser, server.baseURL, 'corrupt', CONNECTOR_PATH);
    const { page } = tab;
    await chooseFile(page, file);
    await page.getByRole('button', { name: 'Start Processing' }).click();
    await page.getByText(/^Error processing IFC file: .*could not be parsed/).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('process-status').innerText()).toBe('Processing failed');
    expect(await page.getByText(/Upload complete/).count()).toBe(0);
    await screenshot(page, 'connector-parse-error');

    await page.getByRole('button', { name: 'Use demo data instead' }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('This is the demo project, not your file').isVisible()).toBe(true);
    const demo = await apiGet<{ elementCount: number }>(
      server.baseURL,
      tab.token,
      '/api/ifc/projects/demo_project_permanent',
    );
    expect(await page.getByTestId('result-count').innerText()).toBe(
      demo.body.elementCount.toLocaleString('en-US'),
    );
    expect(await logText(page)).toContain(`Upload complete - ${demo.body.elementCount} elements extracted`);
    expect(await page.getByRole('textbox', { name: 'Tableau URL' }).inputValue()).toContain(
      'demo_project_permanent',
    );
    // Nothing of the corrupt upload stays behind as a project.
    const mine = await apiGet<{ projects: { status: string }[] }>(
      server.baseURL,
      tab.token,
      '/api/ifc/projects',
    );
    expect(mine.body.projects.every((p) => p.status !== 'ready')).toBe(true);

    // Phone width: nothing on the Results step sticks out of the screen.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await overflowingElements(page)).toEqual([]);
    await page.getByRole('button', { name: 'Process Another File' }).click();
    await page.getByText('Maximum file size').waitFor();
    expect(await page.locator('[aria-current=step]').innerText()).toContain('Select File');
  });

  it('fits 320 px with long names, moves focus with each step, and names a second feed token apart', async () => {
    const longName =
      'Office_A_with_a_really_long_descriptive_name_for_the_tower_block_north_wing_phase_two.ifc';
    const file = writeModel(files.dir, longName, generateIfcFixture({ storeys: 1, bays: 2, seed: 11 }).text);
    // 23 characters + "_" + 8: a 32-character username, the longest there is.
    tab = await signedInTab(browser, server.baseURL, 'narrow_screen_user_name', CONNECTOR_PATH);
    expect(tab.user.username).toHaveLength(32);
    const { page } = tab;
    await page.setViewportSize({ width: 320, height: 640 });
    await page.getByText('Maximum file size').waitFor();

    await chooseFile(page, file);
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();
    expect(await focused(page)).toBe('h2 "Preview"');
    await page.getByRole('button', { name: 'Start Processing' }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 30_000 });
    expect(await focused(page)).toBe('h2 "Results"');
    const results = await widthAt(page, 320);
    expect(results.sticksOut).toEqual([]);
    expect(results.documentWidth).toBeLessThanOrEqual(320);
    // The log scrolls, so keyboard users can reach it; alert titles do not break the heading levels.
    expect(await axeRuleViolations(page, ['scrollable-region-focusable', 'heading-order'])).toEqual([]);

    await page.getByRole('button', { name: 'Create feed token' }).click();
    await page.getByTestId('feed-token').waitFor();
    const first = `BI feed: ${longName}`.slice(0, 80);
    expect(await page.getByText(`Feed token “${first}”`).count()).toBe(1);
    expect((await widthAt(page, 320)).documentWidth).toBeLessThanOrEqual(320);

    await page.getByRole('button', { name: 'Process Another File' }).click();
    await page.getByText('Maximum file size').waitFor();
    expect(await focused(page)).toBe('h2 "Select an IFC file"');

    // The same file again: a new version of its model, and a feed token that does not collide with the first.
    await chooseFile(page, file);
    await page.getByRole('button', { name: 'Start Processing' }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create feed token' }).click();
    await page.getByTestId('feed-token').waitFor();
    const second = `${first.slice(0, 76)} (2)`;
    expect(await page.getByText(`Feed token “${second}”`).count()).toBe(1);

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Start Processing' }).waitFor();
    expect(await focused(page)).toBe('h2 "Preview"');
    expect(tab.unexpectedErrors()).toEqual([]);
  });
});
