import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { newAccount, openSignedIn, uploadModel, type SignedIn } from './app-support';
import { launchBrowser, screenshot, type TestPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let account: SignedIn;
let projectId: string;
let tab: TestPage;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  account = await newAccount(server.baseURL, 'pages');
  projectId = await uploadModel(server.baseURL, account.token, 'pages-tower.ifc');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await tab?.context.close();
});

/** Every sidebar entry: its path, the h1 it shows and the breadcrumb trail (spec §2 rules). */
const entries: [link: string, path: string, heading: string, crumbs: string[]][] = [
  ['Overview', '/app', 'AEC Data Tools', ['App Dashboard']],
  ['Dashboard', '/app/dashboard', 'Dashboard', ['Dashboard']],
  ['Data Integration', '/app/data', 'Data Integration', ['App Dashboard', 'Data Integration']],
  ['Import Data', '/app/data/import', 'Import Data', ['App Dashboard', 'Import Data']],
  ['Export Data', '/app/data/export', 'Export Data', ['App Dashboard', 'Export Data']],
  ['Data Sources', '/app/data/sources', 'Data Sources', ['App Dashboard', 'Data Sources']],
  ['Analytics', '/app/analytics', 'Analytics', ['App Dashboard', 'Analytics']],
  [
    'Project Analytics',
    '/app/analytics/projects',
    'Project Analytics',
    ['App Dashboard', 'Project Analytics'],
  ],
  ['Performance', '/app/analytics/performance', 'Performance', ['App Dashboard', 'Performance']],
  ['Reports', '/app/analytics/reports', 'Reports', ['App Dashboard', 'Reports']],
  ['Overview', '/app/docs/overview', 'Overview', ['App Dashboard', 'Documentation Overview']],
  ['Quick Start', '/app/docs/quick-start', 'Quick Start', ['App Dashboard', 'Quick Start']],
  ['Testing', '/app/docs/testing', 'Testing', ['App Dashboard', 'Testing']],
  ['Troubleshooting', '/app/docs/troubleshooting', 'Troubleshooting', ['App Dashboard', 'Troubleshooting']],
  ['Layout Guide', '/app/layout-guide', 'Layout Guide', ['App Dashboard', 'Layout Guide']],
  ['Settings', '/app/settings', 'Settings', ['App Dashboard', 'Settings']],
  ['Help', '/app/help', 'Help', ['App Dashboard', 'Help']],
];

describe('every sidebar entry', () => {
  it('opens a working screen with its breadcrumbs and no console errors', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app');
    const nav = page.getByRole('navigation', { name: 'Application' });
    await page.getByRole('heading', { name: 'AEC Data Tools', level: 1 }).waitFor();
    // Groups open on their own pages only; open them all so every entry can be clicked from here.
    const closed = nav.locator('button[aria-expanded="false"]');
    expect(await closed.count()).toBeGreaterThan(0);
    while ((await closed.count()) > 0) await closed.first().click();

    const links = await nav.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    // The connector screen belongs to the connector issue; every other entry is checked below.
    const connector = '/app/ifc-tableau-connector';
    expect(new Set(links.filter((href) => href !== connector))).toEqual(
      new Set(entries.map(([, path]) => path)),
    );

    for (const [link, path, heading, crumbs] of entries) {
      await nav.locator(`a[href="${path}"]`).filter({ hasText: link }).first().click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { name: heading, level: 1, exact: true }).waitFor();
      const trail = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
      expect(await trail.allTextContents()).toEqual(crumbs);
      await page
        .getByRole('status')
        .filter({ hasText: /Loading/ })
        .waitFor({ state: 'detached' });
      expect(await page.getByText(/Could not load/).count()).toBe(0);
    }
    // The layout guide reports the live breakpoint of this 1280 px window, and follows a resize.
    await nav.locator('a[href="/app/layout-guide"]').click();
    await page.getByRole('heading', { name: 'Layout Guide', level: 1 }).waitFor();
    expect(await page.getByTestId('active-breakpoint').textContent()).toBe('xl');
    await page.setViewportSize({ width: 700, height: 800 });
    await page.getByTestId('active-breakpoint').getByText('sm').waitFor();
    expect(tab.errors).toEqual([]);
  });

  it('shows the project on the data and analytics screens and exports its CSV', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app/data/sources');
    const row = page.locator(`tr[data-project-id="${projectId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('ready');
    expect(await row.locator('code').textContent()).toBe(
      `${server.baseURL}/api/ifc/odata/IFCElements?$filter=${encodeURIComponent(`ProjectId eq '${projectId}'`)}`,
    );

    await page.goto('/app/data/export');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV of pages-tower' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('pages-tower-elements.csv');
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split('\n')[0]).toContain('GlobalId');

    await page.goto('/app/analytics/projects');
    await page.getByRole('region', { name: 'Elements by type' }).getByRole('img').waitFor();
    const totals = page.getByRole('region', { name: 'Quantity totals' });
    await totals.getByText(/elements read\.$/).waitFor();
    expect(
      Number(
        (await totals.locator('[data-quantity=GrossVolume] dd').first().textContent())?.replace(/,/g, ''),
      ),
    ).toBeGreaterThan(0);

    await page.goto('/app/analytics/performance');
    await page.getByRole('cell', { name: 'pages-tower' }).waitFor();
    await page.goto('/app/analytics/reports');
    const report = page.getByRole('article', { name: 'Project report' });
    await report.getByRole('heading', { name: 'pages-tower' }).waitFor();
    expect(await report.textContent()).toContain('Elements by IFC type');
    await screenshot(page, 'app-report');
    await page.goto('/analytics');
    await page.waitForURL('**/app/analytics/projects');
    expect(tab.errors).toEqual([]);
  });

  it('deletes a project from Data Sources after confirmation', async () => {
    const doomed = await uploadModel(server.baseURL, account.token, 'doomed.ifc');
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app/data/sources');
    const row = page.locator(`tr[data-project-id="${doomed}"]`);
    await row.waitFor();
    // Asked in the page's own dialog: Escape and Cancel keep the project, focus goes back to its button.
    const remove = row.getByRole('button', { name: 'Delete doomed' });
    const dialog = page.getByRole('alertdialog');
    await remove.click();
    await dialog.getByRole('heading', { name: 'Delete doomed?' }).waitFor();
    expect(await dialog.innerText()).toContain('BI reports using its feed URL stop refreshing');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Delete doomed');
    await remove.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.isVisible()).toBe(true);
    await remove.click();
    await dialog.getByRole('button', { name: 'Delete project' }).click();
    await row.waitFor({ state: 'detached' });
    await dialog.waitFor({ state: 'detached' });
    const gone = await fetch(`${server.baseURL}/api/ifc/projects/${doomed}`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(gone.status).toBe(404);
    expect(await page.locator(`tr[data-project-id="${projectId}"]`).isVisible()).toBe(true);
    expect(tab.errors).toEqual([]);
  });

  it('answers an unknown app path with the app not-found page', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    expect((await page.goto('/app/nothing-here'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByText(`You are still logged in as ${account.user.username}.`).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Go Back', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Browse Documentation' }).getAttribute('href')).toBe(
      '/app/docs/overview',
    );
    await page.getByRole('main').getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/app/dashboard');
    expect(tab.unexpectedErrors(/status of 404/)).toEqual([]);
  });
});
