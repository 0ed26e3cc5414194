import type { Browser, Page } from 'playwright-core';
import { newAccount, openSignedIn, uploadModel, type SignedIn } from './app-support';
import { launchBrowser, openPage } from './support/browser';
import { loginViaUi } from './support/flows';
import { startServer, type TestServer } from './support/server';
import { registerViaApi, uniqueUser } from './support/users';

/** Issue 14's polish items, each as a user meets it: lockout text, charts, activity list, Data Sources, docs, blog. */
let server: TestServer;
let browser: Browser;
let account: SignedIn;
let projectId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  account = await newAccount(server.baseURL, 'polish');
  projectId = await uploadModel(server.baseURL, account.token, 'polish-tower.ifc');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage<T>(
  signedIn: SignedIn | null,
  width: number,
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const tab = signedIn
    ? await openSignedIn(browser, server.baseURL, signedIn, { width, height: 800 })
    : await openPage(browser, server.baseURL);
  await tab.page.setViewportSize({ width, height: 800 });
  try {
    return await run(tab.page);
  } finally {
    await tab.context.close();
  }
}

describe('login lockout', () => {
  it('tells the user how long to wait, not "a few minutes"', async () => {
    const user = uniqueUser('locked');
    await registerViaApi(server.baseURL, user);
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.baseURL}/mongo/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: user.username, password: 'wrong-password' }),
      });
      expect(response.status).toBe(401);
    }
    await withPage(null, 390, async (page) => {
      await loginViaUi(page, user);
      const alert = page.getByRole('alert').filter({ hasText: 'Too many login attempts' });
      await alert.waitFor();
      // The default window is 900 s, so the lock has between 14 and 15 minutes left.
      expect(await alert.textContent()).toMatch(/Please wait 1[45] minutes and try again\./);
    });
  });
});

describe('dashboard charts and activity', () => {
  it('pins no tooltip on a chart with nothing to show, and no tooltip is a live region', async () => {
    // A new account has sent no feed requests: its chart is all zeros.
    const fresh = await newAccount(server.baseURL, 'empty');
    await withPage(fresh, 1440, async (page) => {
      await page.goto('/app/dashboard');
      const visitors = page.getByRole('region', { name: 'Visitors' });
      const feed = page.getByRole('region', { name: 'Feed requests' });
      await feed.waitFor();
      await visitors.locator('.recharts-tooltip-wrapper').getByText('Apr 11').waitFor();
      expect((await feed.locator('.recharts-tooltip-wrapper').textContent())?.trim() ?? '').toBe('');
      expect(await page.locator('main [aria-live]').count()).toBe(0);
    });
  });

  it('lets a keyboard reach and scroll the Recent Activity list', async () => {
    await withPage(account, 1440, async (page) => {
      await page.goto('/app/dashboard');
      const list = page.getByTestId('activity-list');
      await list.getByText('polish-tower', { exact: false }).first().waitFor();
      await list.focus();
      expect(await list.evaluate((element) => element === document.activeElement)).toBe(true);
    });
  });
});

describe('Data Sources on a phone', () => {
  it('shows Copy URL on screen, named with its visible text', async () => {
    await withPage(account, 390, async (page) => {
      await page.goto('/app/data/sources');
      const copy = page.getByRole('button', { name: /^Copy URL/ });
      await copy.waitFor();
      expect(await copy.count()).toBe(1);
      const box = await copy.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await page.getByText(projectId, { exact: false }).first().isVisible()).toBe(true);
    });
  });
});

describe('documentation', () => {
  it('shows the Tableau example with a readable placeholder and names all four entity sets', async () => {
    await withPage(account, 1440, async (page) => {
      await page.goto('/app/docs/quick-start');
      const tableau = page.getByRole('region', { name: '3a. Tableau Desktop' });
      const example =
        (await tableau.getByRole('listitem').filter({ hasText: 'Server:' }).textContent()) ?? '';
      expect(example).toContain("'<projectId>'");
      expect(example).not.toMatch(/%3C|%3E/i);

      await page.goto('/app/docs/overview');
      const feed = page.getByRole('region', { name: 'What the feed contains' });
      const text = (await feed.textContent()) ?? '';
      expect(text).not.toMatch(/Three entity sets/i);
      const sets = await feed.locator('li > strong').allTextContents();
      expect(sets).toEqual(
        expect.arrayContaining(['Projects', 'IFCElements', 'IFCProperties', 'IFCSpatialStructure']),
      );
    });
  });
});

describe('blog cards', () => {
  it('keep each date on the line of its category badge at every width', async () => {
    await withPage(null, 1440, async (page) => {
      await page.goto('/blog');
      await page.locator('article time').first().waitFor();
      for (const width of [390, 640, 768, 1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        const wrapped = await page.locator('article').evaluateAll((cards) =>
          cards.flatMap((card) => {
            const time = card.querySelector('time')?.getBoundingClientRect();
            const badge = card.querySelector('time')?.previousElementSibling?.getBoundingClientRect();
            if (!time || !badge) return [];
            return time.top >= badge.bottom ? [card.querySelector('h2, h3')?.textContent ?? '?'] : [];
          }),
        );
        expect({ width, wrapped }).toEqual({ width, wrapped: [] });
      }
    });
  });
});
