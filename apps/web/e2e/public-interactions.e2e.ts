import type { Page } from 'playwright-core';
import { screenshot, type TestPage } from './support/browser';
import { storedToken } from './support/flows';
import { type TestServer } from './support/server';
import { useBrowserSession } from './support/session';
import { loginViaApi, registerViaApi, uniqueUser } from './support/users';

let server: TestServer;
let tab: TestPage;

useBrowserSession((s) => ({ server, tab } = s));

/** A signed-in visitor on `path`: token from the API, stored the way the app stores it. */
async function signIn(page: Page, path: string): Promise<void> {
  const user = uniqueUser('public');
  await registerViaApi(server.baseURL, user);
  const token = await loginViaApi(server.baseURL, user);
  await page.goto(path);
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  // The stored token is checked with GET /mongo/user/me on load; signed in once that answers.
  await Promise.all([page.waitForResponse('**/mongo/user/me'), page.reload()]);
}

describe('public header', () => {
  it('shows the four links, Access App, the theme toggle, Login and Sign Up to visitors', async () => {
    const { page } = tab;
    await page.goto('/pricing');
    const banner = page.getByRole('banner');
    const main = banner.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Blog', '/blog'],
      ['FAQ', '/faq'],
    ]) {
      expect(await main.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await main.getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).toBe('page');
    expect(await banner.getByRole('link', { name: 'Access App' }).getAttribute('href')).toBe('/app');
    expect(await banner.getByRole('button', { name: /^Theme:/ }).isVisible()).toBe(true);
    expect(await banner.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await banner.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(await banner.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expect(await banner.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(tab.errors).toEqual([]);
  });

  it('shows Dashboard and Logout when signed in; Logout clears the session and goes to /', async () => {
    const { page } = tab;
    await signIn(page, '/blog');
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await banner.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await banner.getByRole('link', { name: 'Sign Up' }).count()).toBe(0);
    await screenshot(page, 'public-header-signed-in');
    await banner.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(page)).toBeNull();
    await banner.getByRole('link', { name: 'Login' }).waitFor();
    expect(tab.errors).toEqual([]);
  });
});

describe('on a phone (375 px)', () => {
  beforeEach(async () => {
    await tab.page.setViewportSize({ width: 375, height: 740 });
  });

  it('reaches every page from the menu and signs up', async () => {
    const { page } = tab;
    await page.goto('/');
    const banner = page.getByRole('banner');
    for (const [name, heading] of [
      ['Features', 'From IFC model to BI-ready data'],
      ['Pricing', 'Plans that grow with your projects'],
      ['Blog', 'Notes from the model to the dashboard'],
      ['FAQ', 'Frequently asked questions'],
    ]) {
      await banner.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    }
    // Escape closes the menu too.
    await banner.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);

    await banner.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign Up' }).click();
    const user = uniqueUser('phone');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(await storedToken(page)).toBeTruthy();
    expect(tab.errors).toEqual([]);
  });

  it('mirrors Dashboard and Logout in the menu when signed in', async () => {
    const { page } = tab;
    await signIn(page, '/faq');
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Features', 'Pricing', 'Blog', 'FAQ', 'Access App', 'Dashboard']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await menu.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await screenshot(page, 'public-mobile-menu-signed-in');
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(page)).toBeNull();
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    expect(tab.errors).toEqual([]);
  });

  it('keeps the chosen theme across pages and reloads, and follows the OS on system', async () => {
    const { page } = tab;
    await page.goto('/blog');
    const toggle = page.getByRole('banner').getByRole('button', { name: /^Theme:/ });
    while ((await toggle.getAttribute('data-theme-choice')) !== 'dark') await toggle.click();
    await page.goto('/terms-of-service');
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
    await screenshot(page, 'public-terms-dark-mobile');
    while ((await toggle.getAttribute('data-theme-choice')) !== 'system') await toggle.click();
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('system');
    expect(await page.evaluate(() => document.documentElement.className)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.className === 'dark');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
    expect(tab.errors).toEqual([]);
  });
});

describe('landing page', () => {
  it('sends each call to action where a visitor expects and keeps one FAQ entry open', async () => {
    const { page } = tab;
    await page.goto('/');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Start Your Project' }).getAttribute('href')).toBe('/signup');
    expect(await main.getByRole('link', { name: 'Explore Tools' }).getAttribute('href')).toBe('/features');
    expect(await main.getByRole('link', { name: 'Access App' }).getAttribute('href')).toBe('/app');
    expect(await main.getByRole('link', { name: 'Start Your Free Trial' }).getAttribute('href')).toBe(
      '/signup',
    );
    const tiers = await main.getByRole('heading', { level: 3 }).allTextContents();
    expect(tiers).toEqual(expect.arrayContaining(['Starter', 'Professional', 'Enterprise']));

    const faq = main.locator('details');
    expect(await faq.count()).toBe(6);
    await faq.nth(0).locator('summary').click();
    await faq.nth(1).locator('summary').click();
    const open = await faq.evaluateAll((items) => items.map((item) => (item as HTMLDetailsElement).open));
    expect(open).toEqual([false, true, false, false, false, false]);
    await main.getByRole('link', { name: 'Start Your Free Trial' }).click();
    await page.waitForURL('**/signup');
    expect(tab.errors).toEqual([]);
  });
});

describe('pricing page', () => {
  it('applies the 20% annual discount and mails sales for Enterprise', async () => {
    const { page } = tab;
    await page.goto('/pricing');
    const essential = page.getByTestId('Essential-price');
    const professional = page.getByTestId('Professional-price');
    expect(await essential.textContent()).toBe('$299');
    expect(await professional.textContent()).toBe('$899');
    await page.getByText('Annual', { exact: true }).click();
    expect(await essential.textContent()).toBe('$239.20');
    expect(await professional.textContent()).toBe('$719.20');
    expect(await page.getByText('$8,630.40 billed annually').isVisible()).toBe(true);
    await screenshot(page, 'public-pricing-annual');
    // The billing switch is a radio group: arrow keys move the choice.
    await page.getByLabel('Annual').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await essential.textContent()).toBe('$299');
    const sales = page.getByRole('link', { name: 'Contact Sales' });
    expect(await sales.getAttribute('href')).toMatch(/^mailto:sales@aecdatatools\.com/);
    expect(tab.errors).toEqual([]);
  });
});
