import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newAccount, uploadModel, type SignedIn } from './app-support';
import { blogPosts } from '../src/features/blog/content/posts';
import { DOC_PAGES } from '../src/features/docs/docs-pages';
import { axeRuleViolations, seriousAxeViolations } from './support/axe';
import { ARTIFACTS_DIR, launchBrowser } from './support/browser';
import { widthAt } from './support/layout';
import { startServer, type TestServer } from './support/server';

/**
 * The tour of every route the web app serves: at 320, 390, 768, 1024 and 1440 px no page is wider than the
 * screen, axe-core finds no serious or critical violation in either theme, and each page is photographed at 390 and
 * 1440 px in both themes for a person to look at (.e2e-artifacts/screenshots, gitignored).
 *
 * One server, one browser and two contexts (anonymous, signed in with a processed model) serve every route, so the
 * tour costs a page load per route rather than a browser per check.
 */
const WIDTHS = [320, 390, 768, 1024, 1440];
const SHOT_WIDTHS = [390, 1440];
const THEMES = ['light', 'dark'] as const;
const SHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');

type Route = { path: string; signedIn: boolean };

const PROJECT_PAGE = '/app/data/sources/:tourProject';

const publicPaths = [
  '/',
  '/features',
  '/pricing',
  '/blog',
  ...blogPosts.map((post) => `/blog/${post.slug}`),
  '/faq',
  '/about',
  '/privacy-policy',
  '/terms-of-service',
  '/login',
  '/signup',
  '/no-such-page',
];
const appPaths = [
  '/dashboard',
  '/app',
  '/app/dashboard',
  '/app/data',
  '/app/data/import',
  '/app/data/export',
  '/app/data/sources',
  // The tour model's project page (issue 15): the id is known once the model is uploaded.
  PROJECT_PAGE,
  '/app/analytics',
  '/app/analytics/projects',
  '/app/analytics/performance',
  '/app/analytics/reports',
  ...DOC_PAGES.map((page) => `/app/docs/${page}`),
  '/app/layout-guide',
  '/app/settings',
  '/app/help',
  '/app/ifc-tableau-connector',
  '/app/ifc-rest-demo',
  '/app/ifc-odata-demo',
  '/app/no-such-page',
];
const routes: Route[] = [
  ...publicPaths.map((p) => ({ path: p, signedIn: false })),
  ...appPaths.map((p) => ({ path: p, signedIn: true })),
];

let server: TestServer;
let browser: Browser;
let account: SignedIn;
let tourProject = '';
const pages = new Map<boolean, { context: BrowserContext; page: Page }>();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  account = await newAccount(server.baseURL, 'tour');
  // User data at its longest and without a break opportunity: a model named after a long file name (cut to 120
  // characters by the server) and a feed token named with 80 characters, so every page shows it must wrap them.
  tourProject = await uploadModel(server.baseURL, account.token, `Tour${'Wolkenkratzer'.repeat(12)}.ifc`);
  const token = await fetch(`${server.baseURL}/api/feed-tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Token${'x'.repeat(75)}` }),
  });
  if (token.status !== 201) throw new Error(`feed token: ${token.status} ${await token.text()}`);
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const signedIn of [false, true]) {
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    if (signedIn)
      await context.addInitScript((token) => window.localStorage.setItem('token', token), account.token);
    pages.set(signedIn, { context, page: await context.newPage() });
  }
}, 120_000);

afterAll(async () => {
  for (const { context } of pages.values()) await context.close();
  await browser?.close();
  await server?.stop();
});

function shotName(routePath: string): string {
  return routePath === '/' ? 'home' : routePath.slice(1).replace(/\//g, '_');
}

/** Waits until the page has its h1 and no loading indicator, so the checks see the finished page. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /Loading/ })
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
}

describe('every route', () => {
  it.each(routes)('$path fits every width, passes axe in both themes, and is photographed', async (route) => {
    const { page } = pages.get(route.signedIn)!;
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    page.on('pageerror', onError);
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1440, height: 800 });
      await page.goto(route.path.replace(':tourProject', encodeURIComponent(tourProject)));
      await settled(page);
      // No colour transitions: the audit must read the theme's final colours, not a frame mid-fade.
      await page.addStyleTag({
        content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
      });
      // A signed-in route that bounced to the login form would tour the wrong page.
      if (route.signedIn) expect(new URL(page.url()).pathname).not.toBe('/login');

      // Every finding is gathered before asserting, so one run names all of a route's problems.
      const problems: string[] = [];
      for (const width of WIDTHS) {
        const { documentWidth, sticksOut } = await widthAt(page, width);
        if (documentWidth > width) problems.push(`${width} px: the document is ${documentWidth} px wide`);
        for (const element of sticksOut) problems.push(`${width} px: sticks out: ${element}`);
      }

      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await page.waitForFunction((t) => document.documentElement.classList.contains(t), theme);
        for (const width of SHOT_WIDTHS) {
          await widthAt(page, width);
          await page.screenshot({
            path: path.join(SHOTS_DIR, `${shotName(route.path)}-${width}-${theme}.png`),
            fullPage: true,
          });
          for (const violation of await seriousAxeViolations(page))
            problems.push(`${theme} ${width} px: ${violation}`);
        }
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      page.off('pageerror', onError);
    }
  });

  it.each([
    { path: '/faq', signedIn: false },
    { path: '/app/layout-guide', signedIn: true },
  ])('$path keeps its heading levels in order (axe heading-order)', async (route) => {
    const { page } = pages.get(route.signedIn)!;
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto(route.path);
    await settled(page);
    expect(await axeRuleViolations(page, ['heading-order'])).toEqual([]);
  });
});
