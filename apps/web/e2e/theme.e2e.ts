import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type TestPage } from './support/browser';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let tab: TestPage;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await tab.context.close();
});

function rootClass(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.className);
}

function storedTheme(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('theme'));
}

async function chooseTheme(page: Page, theme: 'light' | 'dark' | 'system'): Promise<void> {
  const toggle = page.getByRole('banner').getByRole('button', { name: /^Theme:/ });
  for (let i = 0; i < 3 && (await toggle.getAttribute('data-theme-choice')) !== theme; i += 1)
    await toggle.click();
  expect(await toggle.getAttribute('data-theme-choice')).toBe(theme);
}

describe('theme', () => {
  it('defaults to system, and a chosen theme persists across a reload', async () => {
    tab = await openPage(browser, server.baseURL, { colorScheme: 'light' });
    const { page } = tab;
    await page.goto('/');
    await page.getByRole('heading', { name: 'AEC Con-Tech Data Tools' }).waitFor();
    expect(await rootClass(page)).toBe('light');
    expect(await storedTheme(page)).toBeNull();

    await chooseTheme(page, 'dark');
    expect(await rootClass(page)).toBe('dark');
    expect(await storedTheme(page)).toBe('dark');
    await screenshot(page, 'landing-dark');

    await page.reload();
    await page.getByRole('heading', { name: 'AEC Con-Tech Data Tools' }).waitFor();
    expect(await rootClass(page)).toBe('dark');
    expect(await page.getByRole('button', { name: /^Theme: dark/ }).isVisible()).toBe(true);
    expect(tab.errors).toEqual([]);
  });

  it('follows the OS colour scheme live while set to system', async () => {
    tab = await openPage(browser, server.baseURL, { colorScheme: 'light' });
    const { page } = tab;
    await page.goto('/');
    await chooseTheme(page, 'system');
    expect(await rootClass(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await chooseTheme(page, 'light');
    expect(await rootClass(page)).toBe('light');
    expect(tab.errors).toEqual([]);
  });

  it('applies the stored theme before any application script runs (no flash)', async () => {
    tab = await openPage(browser, server.baseURL, { colorScheme: 'light' });
    const { page } = tab;
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    // Block the React bundle: only the blocking theme-init script in <head> can set the class.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    expect(await rootClass(page)).toBe('dark');
    expect(await page.locator('#root').innerHTML()).toBe('');
  });
});
