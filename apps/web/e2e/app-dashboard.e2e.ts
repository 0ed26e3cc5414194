import type { Browser, Locator, Page } from 'playwright-core';
import { newAccount, openSignedIn, uploadModel, type SignedIn } from './app-support';
import { launchBrowser, screenshot, type TestPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let account: SignedIn;
let tab: TestPage;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  account = await newAccount(server.baseURL, 'dash');
  await uploadModel(server.baseURL, account.token, 'dash-tower.ifc');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await tab?.context.close();
});

const visitors = (page: Page) => page.getByRole('region', { name: 'Visitors' });
const pointCount = async (chart: Locator) => Number(await chart.getAttribute('data-point-count'));

describe('dashboard', () => {
  it('shows the user’s real figures, info cards and the profile card', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const quick = page.getByRole('region', { name: 'Quick stats' });
    await quick.waitFor();
    const projects = await page.evaluate(async (token) => {
      const response = await fetch('/api/ifc/projects', { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { projects: { elementCount: number }[] }).projects;
    }, account.token);
    expect(projects).toHaveLength(1);
    const elements = projects[0]?.elementCount ?? 0;
    expect(elements).toBeGreaterThan(0);
    expect(await quick.textContent()).toContain(`Elements extracted${elements.toLocaleString('en-US')}`);
    const activity = page.getByTestId('activity-list');
    expect(await activity.textContent()).toContain('dash-tower');
    expect(await activity.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('256px');

    await page.getByRole('region', { name: 'Database' }).getByText('Connected').waitFor();
    await page.getByRole('region', { name: 'System health' }).getByText('Healthy').waitFor();
    expect(await page.getByRole('region', { name: 'Authentication' }).textContent()).toContain(
      account.user.username,
    );
    expect(await page.getByLabel('Username').inputValue()).toBe(account.user.username);
    expect(await page.getByRole('link', { name: 'View more about Elements' }).getAttribute('href')).toBe(
      '/analytics',
    );
    await screenshot(page, 'app-dashboard');
    expect(tab.errors).toEqual([]);
  });

  it('ticks the clock every second with the long date and time zone', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app/dashboard');
    const clock = page.getByRole('region', { name: 'Clock' });
    const time = clock.getByTestId('clock-time');
    await time.waitFor();
    const first = await time.getAttribute('datetime');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid=clock-time]')?.getAttribute('datetime') !== before,
      first,
      { timeout: 2500 },
    );
    const text = (await clock.textContent()) ?? '';
    expect(text).toContain(String(new Date().getFullYear()));
    expect(text).toMatch(/Time zone: \S+/);
  });

  it('switches the sample visitors chart range with the toggle group on a wide screen', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app/dashboard');
    const chart = visitors(page);
    await chart.waitFor();
    expect(await chart.getByText('Sample data').isVisible()).toBe(true);
    expect(await pointCount(chart)).toBe(91);
    expect(await chart.getByTestId('chart-span').textContent()).toBe('Showing 91 days: Apr 1 – Jun 30');
    // Large screens open with the tooltip on the 11th point (2024-04-11).
    expect(await chart.locator('.recharts-tooltip-wrapper').textContent()).toContain('Apr 11');
    const areas = chart.locator('.recharts-area');
    expect(await areas.count()).toBe(2);
    expect(await chart.getByRole('combobox').count()).toBe(0);

    await chart.getByRole('radio', { name: 'Last 30 days' }).click();
    expect(await pointCount(chart)).toBe(31);
    expect(await chart.getByTestId('chart-span').textContent()).toBe('Showing 31 days: May 31 – Jun 30');
    await chart.getByRole('radio', { name: 'Last 7 days' }).click();
    expect(await pointCount(chart)).toBe(8);
    expect(await chart.getByRole('radio', { name: 'Last 7 days' }).getAttribute('aria-checked')).toBe('true');
    const height = await chart
      .locator('.recharts-responsive-container')
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBe(250);

    // The same component over the user's real feed requests (90 days, counted by the server).
    const feed = page.getByRole('region', { name: 'Feed requests' });
    const daily = await page.evaluate(async (token) => {
      const response = await fetch('/api/stats/me', { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { feedRequestsByDay: unknown[] }).feedRequestsByDay.length;
    }, account.token);
    expect(daily).toBe(90);
    expect(await pointCount(feed)).toBe(90);
    await feed.getByRole('radio', { name: 'Last 7 days' }).click();
    expect(await pointCount(feed)).toBe(8);
    expect(tab.errors).toEqual([]);
  });

  it('uses a select defaulting to 7 days on a narrow screen', async () => {
    tab = await openSignedIn(browser, server.baseURL, account, { width: 375, height: 800 });
    const { page } = tab;
    await page.goto('/app/dashboard');
    const chart = visitors(page);
    await chart.waitFor();
    expect(await chart.getByRole('radio').count()).toBe(0);
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Visitors"]')?.getAttribute('data-point-count') === '8',
    );
    const select = chart.getByRole('combobox', { name: 'Visitors: time range' });
    expect(await select.textContent()).toBe('Last 7 days');
    await select.click();
    await page.getByRole('option', { name: 'Last 3 months' }).click();
    expect(await pointCount(chart)).toBe(91);
    await select.click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    expect(await pointCount(chart)).toBe(31);
    await screenshot(page, 'app-dashboard-mobile');
    expect(tab.errors).toEqual([]);
  });

  it('shows the same dashboard at /dashboard and the app home with real platform totals', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/dashboard');
    await visitors(page).waitFor();
    await page.getByRole('region', { name: 'Quick stats' }).waitFor();

    await page.goto('/app');
    const strip = page.getByRole('region', { name: 'Platform statistics' });
    const response = await fetch(`${server.baseURL}/api/stats/platform`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    const body = await response.text();
    const platform = JSON.parse(body) as { projectsAnalyzed: number };
    if (platform.projectsAnalyzed === undefined) throw new Error(`${response.status} ${body}`);
    expect(platform.projectsAnalyzed).toBeGreaterThan(0);
    await strip
      .locator('[data-stat=projectsAnalyzed]')
      .getByText(String(platform.projectsAnalyzed))
      .waitFor();
    const tool = page.getByRole('region', { name: 'IFC Tableau OData Connector' });
    expect(await tool.getByText('Available').isVisible()).toBe(true);
    for (const feature of [
      'Backend IFC Processing',
      'Real-time Processing Logs',
      'OData v4.0 Endpoint',
      'Tableau Public Compatible',
    ])
      expect(await tool.getByRole('listitem').filter({ hasText: feature }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Getting Started' }).getByRole('listitem').count()).toBe(3);
    expect(tab.errors).toEqual([]);
  });
});
