import type { Page } from 'playwright-core';
import { screenshot, type TestPage } from './support/browser';
import { type TestServer } from './support/server';
import { useBrowserSession } from './support/session';
import { loginViaApi, registerViaApi, uniqueUser } from './support/users';

let server: TestServer;
let tab: TestPage;

useBrowserSession((s) => ({ server, tab } = s));

async function articleTitles(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Articles' });
  await list.waitFor();
  return list.getByRole('heading').allTextContents();
}

describe('blog', () => {
  it('filters posts by category, with All showing every post and the featured one first', async () => {
    const { page } = tab;
    await page.goto('/blog');
    const filters = page.getByRole('group', { name: 'Filter posts by category' });
    await filters.waitFor();
    expect(await filters.getByRole('button').allTextContents()).toEqual([
      'All',
      'Business Intelligence',
      'IFC & OpenBIM',
      'Product Updates',
      'Industry Insights',
    ]);
    expect(await filters.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText('Featured', { exact: true }).isVisible()).toBe(true);
    expect(await articleTitles(page)).toHaveLength(7);

    await filters.getByRole('button', { name: 'IFC & OpenBIM' }).click();
    await page.waitForURL(/category=IFC/);
    expect(await articleTitles(page)).toEqual([
      'IFC 2x3, IFC4 and IFC4x1: What Changes for Your Data',
      'Property Sets and Quantities: Where the Real Data Lives',
    ]);
    expect(await filters.getByRole('button', { name: 'IFC & OpenBIM' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByText('Featured', { exact: true }).count()).toBe(0);
    await screenshot(page, 'public-blog-filtered');

    await filters.getByRole('button', { name: 'Business Intelligence' }).click();
    expect(await articleTitles(page)).toEqual([
      'From IFC to Power BI in Ten Minutes',
      'Filtering Large Models on the Server',
      'Connecting Tableau to Your Building Model',
    ]);
    // The filter is in the URL: a reload keeps it.
    await page.reload();
    expect(await articleTitles(page)).toHaveLength(3);

    await filters.getByRole('button', { name: 'All' }).click();
    expect(await articleTitles(page)).toHaveLength(7);
    expect(new URL(page.url()).search).toBe('');
    expect(tab.errors).toEqual([]);
  });

  it('opens an article from its card and returns with the back link', async () => {
    const { page } = tab;
    await page.goto('/blog');
    await page.getByRole('link', { name: 'Connecting Tableau to Your Building Model' }).click();
    await page.waitForURL('**/blog/connecting-tableau-to-your-building-model');
    await page
      .getByRole('heading', { level: 1, name: 'Connecting Tableau to Your Building Model' })
      .waitFor();
    expect(await page.locator('article time').first().getAttribute('datetime')).toBe('2024-11-20');
    expect(await page.getByRole('heading', { name: 'The localhost pitfall' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Connecting Tableau to Your Building Model | AEC Con-Tech Data Tools');
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Notes from the model to the dashboard' }).waitFor();
    expect(tab.errors).toEqual([]);
  });

  it('shows the not-found page for an unknown slug', async () => {
    const { page } = tab;
    expect((await page.goto('/blog/no-such-article'))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByText('/blog/no-such-article').isVisible()).toBe(true);
    // a long path without a break wraps inside the page at 320 px instead of widening it
    await page.setViewportSize({ width: 320, height: 740 });
    const long = `/blog/${'a-very-long-article-slug-without-spaces'.replace(/-/g, '_').repeat(2)}`;
    expect((await page.goto(long))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    // the server answers an unknown path with 404 (the page is the app's not-found page); Chrome logs that status
    expect(tab.unexpectedErrors(/status of 404/)).toEqual([]);
  });
});

describe('newsletter', () => {
  it('rejects an invalid address in the browser without calling the API', async () => {
    const { page } = tab;
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/newsletter')) calls += 1;
    });
    await page.goto('/blog');
    const email = page.getByLabel('Email address');
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Email must be a valid email address').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(200);
    expect(calls).toBe(0);
    // Typing again clears the error.
    await email.pressSequentially('x');
    expect(await page.getByText('Email must be a valid email address').count()).toBe(0);
    expect(tab.errors).toEqual([]);
  });

  it('subscribes a new address, then says a known one (any case) is already subscribed', async () => {
    const { page } = tab;
    const address = uniqueUser('news').email;
    await page.goto('/blog');
    await page.getByLabel('Email address').fill(address);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText(`Subscribed! New articles will arrive at ${address}.`).waitFor();
    await screenshot(page, 'public-newsletter-subscribed');

    await page.getByLabel('Email address').fill(address.toUpperCase());
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText(/^Already subscribed/).waitFor();

    // The API agrees that the address is stored once.
    const again = await fetch(`${server.baseURL}/api/newsletter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: address }),
    });
    expect(again.status).toBe(200);
    expect(tab.errors).toEqual([]);
  });
});

describe('newsletter failures', () => {
  it("shows the server's error text and lets the visitor try again", async () => {
    const { page } = tab;
    let failNext = true;
    await page.route('**/api/newsletter', async (route) => {
      if (!failNext) return route.continue();
      failNext = false;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Newsletter is paused for maintenance', code: 'UNAVAILABLE' }),
      });
    });
    await page.goto('/blog');
    await page.getByLabel('Email address').fill(uniqueUser('retry').email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Newsletter is paused for maintenance');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText(/^Subscribed!/).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(tab.unexpectedErrors(/status of 503/)).toEqual([]);
  });
});

describe('FAQ', () => {
  it('keeps a single answer open, works from the keyboard, and links sales and support', async () => {
    const { page } = tab;
    await page.goto('/faq');
    const triggers = page.getByRole('main').getByRole('button', { name: /\?$/ });
    await triggers.first().waitFor();
    expect(await triggers.count()).toBe(10);
    const expanded = () =>
      triggers.evaluateAll((items) => items.map((item) => item.getAttribute('aria-expanded')));

    await triggers.nth(0).click();
    await page.getByText('A web platform of data tools').waitFor();
    await triggers.nth(2).click();
    expect(await expanded()).toEqual(['false', 'false', 'true', ...Array<string>(7).fill('false')]);
    expect(await page.getByText('A web platform of data tools').isVisible()).toBe(false);

    // Keyboard: arrows move between questions, Enter opens, Space closes.
    await triggers.nth(2).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await expanded()).toEqual(['false', 'false', 'false', 'true', ...Array<string>(6).fill('false')]);
    await page.keyboard.press('Space');
    expect(await expanded()).toEqual(Array<string>(10).fill('false'));

    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'sales@aecdatatools.com' }).getAttribute('href')).toBe(
      'mailto:sales@aecdatatools.com',
    );
    expect(await main.getByRole('link', { name: 'support@aecdatatools.com' }).getAttribute('href')).toBe(
      'mailto:support@aecdatatools.com',
    );
    expect(tab.errors).toEqual([]);
  });
});

describe('not-found when signed in', () => {
  it('stores the attempted path and shows Redirecting to dashboard... on the way to /dashboard', async () => {
    const { page } = tab;
    const user = uniqueUser('lost');
    await registerViaApi(server.baseURL, user);
    const token = await loginViaApi(server.baseURL, user);
    await page.goto('/');
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    // Hold the dashboard chunk back so the redirect spinner stays on screen long enough to read.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/dashboard-*.js', async (route) => {
      await held;
      await route.continue();
    });
    expect((await page.goto('/old/bookmark?x=1'))?.status()).toBe(404);
    await page.getByText('Redirecting to dashboard...').waitFor();
    release();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => window.sessionStorage.getItem('attemptedPath'))).toBe(
      '/old/bookmark?x=1',
    );
    expect(tab.unexpectedErrors(/status of 404/)).toEqual([]);
  });
});
