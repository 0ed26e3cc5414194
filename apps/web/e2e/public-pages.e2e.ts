import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type TestPage } from './support/browser';
import { contrastFailures } from './public-contrast';
import { publicRouteCases } from './public-route-cases';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let tab: TestPage;
let defaultDescription = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const html = await (await fetch(`${server.baseURL}/`)).text();
  defaultDescription = /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  tab = await openPage(browser, server.baseURL);
});

afterEach(async () => {
  await tab.context.close();
});

function description(page: Page): Promise<string | null> {
  return page.locator('meta[name="description"]').getAttribute('content');
}

/** Wider than the viewport means a horizontal scrollbar: the layout is broken at that width. */
function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

async function expectTextsVisible(page: Page, texts: string[], width: number): Promise<void> {
  for (const text of texts) {
    const visible = await page.getByText(text).first().isVisible();
    expect({ width, text, visible }).toEqual({ width, text, visible: true });
  }
}

/**
 * One load per route, then the viewport is resized through the spec breakpoints: media queries
 * re-apply in place, so every width is checked without paying for another page load.
 */
describe('every public page at 1280, 1024, 768, 640 and 375 px', () => {
  it.each(publicRouteCases)('$path shows its content', async (route) => {
    const { page } = tab;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(route.path);
    await page.getByRole('heading', { level: 1, name: route.heading }).waitFor();
    await expectTextsVisible(page, route.texts, 1280);
    // Shared layout on every page: header landmark, main, footer with its tagline and mail link.
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('main').isVisible()).toBe(true);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByText('Built for developers by developers.').isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'support@aecdatatools.com' }).getAttribute('href')).toBe(
      'mailto:support@aecdatatools.com',
    );
    await page.waitForFunction((title) => document.title === title, route.title);
    const ownDescription = await description(page);
    expect(ownDescription).toBeTruthy();
    expect(ownDescription).not.toBe(defaultDescription);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, `public-${route.name}-desktop`);

    for (const width of [1024, 768, 640]) {
      await page.setViewportSize({ width, height: 800 });
      expect({ width, overflows: await overflowsHorizontally(page) }).toEqual({ width, overflows: false });
    }

    await page.setViewportSize({ width: 375, height: 740 });
    await expectTextsVisible(page, route.texts, 375);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, `public-${route.name}-mobile`);

    // AA contrast in both themes: the theme is a class on <html>, so swapping it re-colours in place.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect({ theme: 'light', failures: await contrastFailures(page) }).toEqual({
      theme: 'light',
      failures: [],
    });
    // No colour transitions, so the audit reads final colours, not a frame mid-fade.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    await page.evaluate(() => document.documentElement.classList.replace('light', 'dark'));
    expect({ theme: 'dark', failures: await contrastFailures(page) }).toEqual({
      theme: 'dark',
      failures: [],
    });
    // the not-found case is answered with 404, which Chrome logs
    expect(tab.unexpectedErrors(...(route.name === 'not-found' ? [/status of 404/] : []))).toEqual([]);
  });
});

describe('footer and client-side navigation', () => {
  it('links every spec page, and each page it opens sets its own title and description', async () => {
    const { page } = tab;
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const expected = {
      Features: '/features',
      Pricing: '/pricing',
      FAQ: '/faq',
      Blog: '/blog',
      About: '/about',
      'Privacy Policy': '/privacy-policy',
      'Terms of Service': '/terms-of-service',
    };
    const seen = new Map<string, string>();
    for (const [name, href] of Object.entries(expected)) {
      const link = footer.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href')).toBe(href);
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      // The old page stays painted while the lazy chunk loads: wait for the new page's own h1.
      const heading = publicRouteCases.find((route) => route.path === href)?.heading ?? '';
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Client-side navigation opens the new page at its top.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      seen.set(await page.title(), (await description(page)) ?? '');
    }
    expect(seen.size).toBe(7);
    expect(new Set(seen.values()).size).toBe(7);
    const social = page.getByRole('list', { name: 'Social links' }).getByRole('link');
    expect(await social.count()).toBeGreaterThanOrEqual(3);
    expect(tab.errors).toEqual([]);
  });
});
