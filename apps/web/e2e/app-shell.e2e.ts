import type { Browser, Page } from 'playwright-core';
import { newAccount, openSignedIn, type SignedIn } from './app-support';
import { launchBrowser, openPage, screenshot, type TestPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let account: SignedIn;
let tab: TestPage;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  account = await newAccount(server.baseURL, 'shell');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await tab?.context.close();
});

const sidebar = (page: Page) => page.getByTestId('app-sidebar');
const sidebarWidth = (page: Page) => sidebar(page).evaluate((el) => el.getBoundingClientRect().width);

async function sidebarCookie(t: TestPage) {
  return (await t.context.cookies()).find((cookie) => cookie.name === 'sidebar_state');
}

describe('guard', () => {
  it('sends a visitor to /login and back to the asked-for page after login', async () => {
    tab = await openPage(browser, server.baseURL);
    const { page } = tab;
    await page.goto('/app/analytics/reports');
    await page.waitForURL('**/login');
    await page.getByLabel('Username').fill(account.user.username);
    await page.getByLabel('Password', { exact: true }).fill(account.user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/app/analytics/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    expect(tab.errors).toEqual([]);
  });

  it('guards the app not-found page and /dashboard too', async () => {
    tab = await openPage(browser, server.baseURL);
    const { page } = tab;
    await page.goto('/app/no/such/page');
    await page.waitForURL('**/login');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(tab.unexpectedErrors(/status of 404/)).toEqual([]);
  });
});

describe('sidebar', () => {
  it('collapses to icons, keeps the choice in a 7-day cookie across reloads, and Ctrl+B toggles', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app');
    await page.getByRole('heading', { name: 'AEC Data Tools', level: 1 }).waitFor();
    expect(await sidebar(page).getAttribute('data-state')).toBe('expanded');
    expect(await sidebarWidth(page)).toBe(19 * 16);
    expect(await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().height)).toBe(61);
    expect(await sidebar(page).getByText('AEC Tools').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    expect(await sidebar(page).getAttribute('data-state')).toBe('collapsed');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=app-sidebar]')?.getBoundingClientRect().width === 48,
    );
    const cookie = await sidebarCookie(tab);
    expect(cookie?.value).toBe('false');
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(Math.abs(lifetime - 7 * 24 * 3600)).toBeLessThan(60);
    // Icons only: entries keep their names for assistive technology, the text is gone.
    expect(await sidebar(page).getByRole('link', { name: 'Settings' }).isVisible()).toBe(true);
    expect(await sidebar(page).getByText('Settings').count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: 'AEC Data Tools', level: 1 }).waitFor();
    expect(await sidebar(page).getAttribute('data-state')).toBe('collapsed');
    expect(await sidebarWidth(page)).toBe(48);

    await page.keyboard.press('Control+b');
    expect(await sidebar(page).getAttribute('data-state')).toBe('expanded');
    expect((await sidebarCookie(tab))?.value).toBe('true');
    await page.keyboard.press('Meta+b');
    expect(await sidebar(page).getAttribute('data-state')).toBe('collapsed');
    await screenshot(page, 'app-sidebar-collapsed');
    expect(tab.errors).toEqual([]);
  });

  it('opens as an 18rem side sheet on a 375 px screen, and shows Page for an unknown path', async () => {
    tab = await openSignedIn(browser, server.baseURL, account, { width: 375, height: 740 });
    const { page } = tab;
    await page.goto('/app/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await sidebar(page).count()).toBe(0);
    const sheet = page.getByRole('dialog');
    expect(await sheet.count()).toBe(0);

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await sheet.waitFor();
    expect(await sheet.evaluate((el) => el.getBoundingClientRect().width)).toBe(18 * 16);
    await screenshot(page, 'app-mobile-sheet');
    await sheet.getByRole('button', { name: 'Show or hide Data Integration entries' }).click();
    await sheet.getByRole('link', { name: 'Data Sources' }).click();
    await page.waitForURL('**/app/data/sources');
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Data Sources', level: 1 }).waitFor();

    await page.keyboard.press('Control+b');
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    await page.goto('/app/not-a-real-page');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByText('Page', { exact: true }).waitFor();
    expect(await crumbs.getByRole('listitem').allTextContents()).toEqual(['App Dashboard', 'Page']);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(tab.unexpectedErrors(/status of 404/)).toEqual([]);

    // a long path without a break (an old project link) wraps inside the page at 320 px instead of widening it
    await page.setViewportSize({ width: 320, height: 740 });
    const long = `/app/projects/proj_${'0123456789abcdef'.repeat(2)}`;
    await page.goto(long);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByText(long).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  });
});

describe('header', () => {
  it('restores the scroll position per path and starts a new path at the top', async () => {
    tab = await openSignedIn(browser, server.baseURL, account, { width: 1280, height: 600 });
    const { page } = tab;
    await page.goto('/app/docs/quick-start');
    await page.getByRole('heading', { name: 'Quick Start', level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForFunction(() => window.scrollY === 700);
    await page.waitForTimeout(100); // let the scroll event be recorded

    await sidebar(page).getByRole('link', { name: 'Troubleshooting' }).click();
    await page.getByRole('heading', { name: 'Troubleshooting', level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(100);

    await page.goBack();
    await page.getByRole('heading', { name: 'Quick Start', level: 1 }).waitFor();
    await page.waitForFunction(() => window.scrollY === 700);
    await page.goForward();
    await page.getByRole('heading', { name: 'Troubleshooting', level: 1 }).waitFor();
    await page.waitForFunction(() => window.scrollY === 300);

    // The header's go-back button is a history step too.
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/app/docs/quick-start');
    await page.waitForFunction(() => window.scrollY === 700);
    expect(tab.errors).toEqual([]);
  });

  it('switches the theme between light, dark and system and keeps it', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app');
    const choose = async (name: 'Light' | 'Dark' | 'System') => {
      await page.getByRole('button', { name: /Change theme$/ }).click();
      await page.getByRole('menuitemradio', { name }).click();
    };
    const rootClass = () => page.evaluate(() => document.documentElement.className);
    await choose('Dark');
    expect(await rootClass()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await screenshot(page, 'app-home-dark');
    await page.reload();
    await page.getByRole('button', { name: 'Theme: dark. Change theme' }).waitFor();
    expect(await rootClass()).toBe('dark');
    await choose('Light');
    expect(await rootClass()).toBe('light');
    await choose('System');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    expect(tab.errors).toEqual([]);
  });

  it('shows header tooltips only after 2000 ms, and links home', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Go back' }).hover();
    await page.waitForTimeout(1200);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await page.getByRole('tooltip', { name: 'Go back' }).waitFor({ timeout: 2000 });
    await page.getByRole('link', { name: 'App home' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('link', { name: 'Back to Marketing' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(tab.errors).toEqual([]);
  });
});

describe('keyboard', () => {
  it('gives the focus back to Toggle Sidebar when the mobile sheet closes (Escape or Close)', async () => {
    tab = await openSignedIn(browser, server.baseURL, account, { width: 320, height: 640 });
    const { page } = tab;
    await page.goto('/app/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    const toggle = page.getByRole('button', { name: 'Toggle Sidebar' });
    const sheet = page.getByRole('dialog');
    const toggleFocused = () => toggle.evaluate((el) => el === document.activeElement);

    await toggle.click();
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await toggleFocused()).toBe(true);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(await toggleFocused()).toBe(true);
  });

  it.each([
    ['the app shell', '/app/help'],
    ['the public site', '/features'],
  ])(
    'offers "Skip to content" as the first tab stop of %s, past the navigation to the page',
    async (_, path) => {
      tab = await openSignedIn(browser, server.baseURL, account, { width: 1280, height: 800 });
      const { page } = tab;
      await page.goto(path);
      await page.locator('main h1').waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      // Visible once focused (it is screen-reader-only until then).
      const box = await skip.boundingBox();
      expect(box!.width).toBeGreaterThan(40);
      expect(box!.height).toBeGreaterThan(20);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'main');
      // The next stop is inside the page, not the header or the sidebar.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement)),
      ).toBe(true);
      expect(tab.errors).toEqual([]);
    },
  );
});

describe('a page that fails', () => {
  it('explains a chunk that no longer downloads (a deploy since the tab opened), keeps the shell, and reloads', async () => {
    tab = await openSignedIn(browser, server.baseURL, account, { width: 1280, height: 800 });
    const { page } = tab;
    await page.goto('/app/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    // The server now holds another build: this tab's chunk names answer 404.
    await page.route('**/assets/**', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'This page could not be loaded', level: 1 }).waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(/updated since this tab opened it/);
    expect(await page.getByText('Hey developer').count()).toBe(0);
    expect(await sidebar(page).isVisible()).toBe(true);
    expect(await page.title()).toMatch(/^This page could not be loaded \|/);

    await page.unroute('**/assets/**');
    await page.getByRole('button', { name: 'Reload page' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // The 404s were the test's own doing; nothing else went wrong.
    expect(tab.unexpectedErrors(/404/, /dynamically imported module/)).toEqual([]);
  });

  it('shows the same on the public site, where the header and footer stay', async () => {
    tab = await openPage(browser, server.baseURL);
    const { page } = tab;
    await page.goto('/');
    await page.locator('main h1').waitFor();
    await page.route('**/assets/**', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().click();
    await page.getByRole('heading', { name: 'This page could not be loaded', level: 1 }).waitFor();
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  });
});

describe('leaving', () => {
  it('Go back in a fresh tab goes to the app home (signed in) or the home page, instead of doing nothing', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page } = tab;
    await page.goto('/app/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/app') && url.pathname !== '/app/help');

    // With a page of the app behind it, it still goes back there.
    await page.goto('/app/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/app/help');

    await page.goto('/app/not-a-page');
    await page.getByRole('main').getByRole('button', { name: 'Go Back', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/app') && url.pathname !== '/app/not-a-page');

    const visitor = await openPage(browser, server.baseURL);
    try {
      await visitor.page.goto('/no-such-page');
      await visitor.page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
      await visitor.page.getByRole('button', { name: 'Go Back' }).click();
      await visitor.page.waitForURL((url) => url.pathname === '/');
    } finally {
      await visitor.context.close();
    }
  });

  it('follows a logout in another tab: the stored token removed, this tab goes to /login', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page, context } = tab;
    await page.goto('/app/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const other = await context.newPage();
    await other.goto('/app/help');
    await other.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    // What logging out there does to the shared storage.
    await other.evaluate(() => window.localStorage.removeItem('token'));
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  });
});
