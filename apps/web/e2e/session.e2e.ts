import { newAccount, openSignedIn } from './app-support';
import type { TestPage } from './support/browser';
import { loginViaUi, spaNavigate, storedToken } from './support/flows';
import { type TestServer } from './support/server';
import { useBrowserSession } from './support/session';
import { expiredCopy } from './support/tokens';
import { registerViaApi, uniqueUser } from './support/users';
import type { Browser, Page, Request, Route } from 'playwright-core';
// The web app does not depend on @aec/ifc; the tests only borrow its model generator.
import { generateIfcModel } from '../../../packages/ifc/src';

let server: TestServer;
let browser: Browser;
let tab: TestPage;

useBrowserSession((s) => ({ server, browser, tab } = s));

const EXPIRED = 'Your session has expired. Please log in again.';
const isMe = (url: string) => new URL(url).pathname === '/mongo/user/me';

/** Resolves once `count` requests whose URL matches have finished (their answer read by the page). */
function waitForFinished(page: Page, matches: (url: string) => boolean, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onFinished = (request: Request) => {
      if (!matches(request.url()) || ++seen < count) return;
      page.off('requestfinished', onFinished);
      resolve();
    };
    page.on('requestfinished', onFinished);
  });
}

async function createFeedToken(token: string, name: string): Promise<void> {
  const response = await fetch(`${server.baseURL}/api/feed-tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`feed token: ${response.status} ${await response.text()}`);
}

describe('a stored session the server no longer accepts', () => {
  it.each([
    ['an expired token', (token: string) => expiredCopy(token)],
    ['a garbage token', () => 'not-a-jwt'],
  ])(
    'with %s: says so once on /login, forgets the token, and returns to the page with its query',
    async (_l, bad) => {
      const account = await newAccount(server.baseURL, 'stale');
      const { page, context } = tab;
      await context.addInitScript((token) => {
        if (!window.sessionStorage.getItem('seeded')) {
          window.localStorage.setItem('token', token);
          window.sessionStorage.setItem('seeded', '1');
        }
      }, bad(account.token));
      const meCalls: number[] = [];
      page.on('response', (response) => {
        if (isMe(response.url())) meCalls.push(response.status());
      });

      await page.goto('/app/docs/overview?tab=odata&x=%C3%A9#top');
      await page.waitForURL('**/login');
      await page.getByText(EXPIRED).waitFor();
      expect(await storedToken(page)).toBeNull();
      expect(meCalls).toEqual([401]);

      // The stale token is gone: another page load asks nothing of the server.
      await page.reload();
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
      expect(meCalls).toEqual([401]);

      await page.getByLabel('Username').fill(account.user.username);
      await page.getByLabel('Password', { exact: true }).fill(account.user.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/app/docs/overview');
      expect(new URL(page.url()).search).toBe('?tab=odata&x=%C3%A9');
      expect(await page.getByText(EXPIRED).count()).toBe(0);
      expect(tab.unexpectedErrors(/status of 401/)).toEqual([]);
    },
  );

  it('when a request is refused on a page: that page says so, the next asks for a login and comes back', async () => {
    const account = await newAccount(server.baseURL, 'midway');
    const signedIn = await openSignedIn(browser, server.baseURL, account);
    const { page } = signedIn;
    try {
      // The load's user fetch and the profile card's session check both ask GET /mongo/user/me. The refusal below
      // must meet a fresh request: a check still in flight would answer 200 and absorb the refetch.
      const loadChecks = waitForFinished(page, isMe, 2);
      await page.goto('/app/dashboard');
      await page.getByRole('form', { name: 'Profile' }).waitFor();
      await loadChecks;
      // The server stops accepting the token (it expired, or the account was signed out elsewhere).
      const refuse = (route: Route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: '{"error":"Token expired","code":"UNAUTHORIZED"}',
        });
      await page.route('**/api/**', refuse);
      await page.route('**/mongo/user/me', refuse);
      // The user comes back to the tab: the page's stale queries are fetched again and refused. (Came the event
      // before the page had read the check's answer, the refetch joined that request: the user comes back again.)
      const logIn = page.getByRole('main').getByRole('button', { name: 'Log In' });
      for (let returns = 1; ; returns++) {
        await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
        try {
          await logIn.waitFor({ timeout: 5_000 });
          break;
        } catch (error) {
          if (returns === 3) throw error;
        }
      }
      expect(await page.getByText(EXPIRED).count()).toBe(1);
      expect(await storedToken(page)).toBeNull();
      await page.unrouteAll();

      await spaNavigate(page, '/app/settings?tab=tokens');
      await page.waitForURL('**/login');
      await page.getByText(EXPIRED).waitFor();
      await page.getByLabel('Username').fill(account.user.username);
      await page.getByLabel('Password', { exact: true }).fill(account.user.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/app/settings' && url.search === '?tab=tokens');
    } finally {
      await signedIn.context.close();
    }
  });
});

describe('signed-in users on the login and signup pages', () => {
  it.each(['/login', '/signup'])('are sent from %s to the dashboard', async (path) => {
    const account = await newAccount(server.baseURL, 'already');
    const signedIn = await openSignedIn(browser, server.baseURL, account);
    try {
      await signedIn.page.goto(path);
      await signedIn.page.waitForURL('**/dashboard');
      await signedIn.page.getByText(`Welcome back, ${account.user.username}.`).waitFor();
      expect(signedIn.errors).toEqual([]);
    } finally {
      await signedIn.context.close();
    }
  });
});

describe('the next user in the same tab', () => {
  it('never sees the previous user’s cached feed tokens', async () => {
    const first = await newAccount(server.baseURL, 'first');
    const second = uniqueUser('second');
    await registerViaApi(server.baseURL, second);
    const secretName = `Tableau of ${first.user.username}`;
    await createFeedToken(first.token, secretName);
    const { page } = tab;

    await loginViaUi(page, first.user);
    await page.waitForURL('**/dashboard');
    await spaNavigate(page, '/app/settings');
    await page.getByText(secretName).waitFor();

    await spaNavigate(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(second.username);
    await page.getByLabel('Password', { exact: true }).fill(second.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');

    // Hold the second user's token list, so whatever shows meanwhile can only come from the cache.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      void page.route('**/api/feed-tokens', async (route) => {
        resolve();
        await new Promise<void>((go) => (release = go));
        await route.continue();
      });
    });
    await spaNavigate(page, '/app/settings');
    await held;
    const card = page.getByRole('region', { name: 'Feed tokens' });
    await card.waitFor();
    expect(await page.getByText(secretName).count()).toBe(0);
    release();
    await card.getByText('No feed tokens yet.').waitFor();
    expect(await page.getByText(secretName).count()).toBe(0);
  });
});

describe('a login as someone else in another tab', () => {
  it('drops the first user’s page and data, shows the new user’s dashboard and says so', async () => {
    const first = await newAccount(server.baseURL, 'tabone');
    // Usernames are ASCII (the server's rule); this one is near the 32-character maximum, so the notice must wrap.
    const second = await newAccount(server.baseURL, 'second.user-with_long_n');
    const secretName = `Tableau of ${first.user.username}`;
    await createFeedToken(first.token, secretName);
    const signedIn = await openSignedIn(browser, server.baseURL, first, { width: 320, height: 640 });
    const { page, context } = signedIn;
    try {
      await page.goto('/app/settings');
      await page.getByText(secretName).waitFor();
      const sent: string[] = [];
      page.on('request', (request) => {
        const auth = request.headers()['authorization'];
        if (auth) sent.push(auth);
      });
      const other = await context.newPage();
      await other.goto('/app/help');
      await other.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
      // What logging in as someone else there leaves in the shared storage.
      await other.evaluate((token) => window.localStorage.setItem('token', token), second.token);

      await page.waitForURL('**/app/dashboard');
      const notice = page.getByTestId('signed-in-elsewhere');
      await notice.waitFor();
      expect(await notice.innerText()).toContain(
        `You are now signed in as ${second.user.username} in another tab.`,
      );
      await page.getByText(`Welcome back, ${second.user.username}.`).waitFor();
      expect(await page.getByText(first.user.username).count()).toBe(0);
      // It stays while the dashboard is open, and is said once: a reload does not say it again.
      await page.waitForTimeout(300);
      expect(await notice.isVisible()).toBe(true);
      await page.reload();
      await page.getByText(`Welcome back, ${second.user.username}.`).waitFor();
      expect(await page.getByTestId('signed-in-elsewhere').count()).toBe(0);
      // Every request after the switch carries the new token only.
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((header) => header === `Bearer ${second.token}`)).toBe(true);
      await spaNavigate(page, '/app/settings');
      await page.getByRole('region', { name: 'Feed tokens' }).getByText('No feed tokens yet.').waitFor();
      expect(await page.getByText(secretName).count()).toBe(0);
      // The notice fits the phone screen.
      await spaNavigate(page, '/app/dashboard');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(320);

      // The same user logging in again elsewhere only renews the token: no notice, the page stays.
      await page.goto('/app/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      const renewed = await (
        await fetch(`${server.baseURL}/mongo/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: second.user.username, password: second.user.password }),
        }).then((r) => r.json() as Promise<{ token: string }>)
      ).token;
      await other.evaluate((token) => window.localStorage.setItem('token', token), renewed);
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/app/settings');
      expect(await page.getByTestId('signed-in-elsewhere').count()).toBe(0);
      expect(signedIn.unexpectedErrors()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a logout in another tab that this tab missed', () => {
  it('is noticed when the tab is shown again: its app page goes to the login', async () => {
    const account = await newAccount(server.baseURL, 'frozentab');
    const signedIn = await openSignedIn(browser, server.baseURL, account);
    const { page } = signedIn;
    try {
      await page.goto('/app/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      // What a logout elsewhere leaves in storage, without the storage event a frozen tab misses (a page's own
      // change of storage fires none in that page).
      await page.evaluate(() => window.localStorage.removeItem('token'));
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/app/settings');
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await page.waitForURL('**/login');
      expect(await storedToken(page)).toBeNull();
      // The page's queries refetch on the tab's return, now without a token, as it leaves: refused with 401.
      expect(signedIn.unexpectedErrors(/status of 401/)).toEqual([]);
    } finally {
      await signedIn.context.close();
    }
  });
});

describe('a session that expires on the connector', () => {
  it('sends an upload refused with 401 to the login, not to "Your file was not processed", and back after it', async () => {
    const account = await newAccount(server.baseURL, 'lapsed');
    const signedIn = await openSignedIn(browser, server.baseURL, account);
    const { page } = signedIn;
    try {
      await page.goto('/app/ifc-tableau-connector');
      await page.locator('input[type=file]').setInputFiles({
        name: 'small.ifc',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(generateIfcModel({ storeys: 1 })),
      });
      await page.getByRole('button', { name: 'Start Processing' }).waitFor();
      // The token expires while the user reads the Preview.
      await page.route('**/api/ifc/odata/upload', (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: '{"error":"Invalid or expired token","code":"UNAUTHORIZED"}',
        }),
      );
      await page.getByRole('button', { name: 'Start Processing' }).click();
      await page.waitForURL('**/login');
      await page.getByText(EXPIRED).waitFor();
      expect(await page.getByText('Your file was not processed').count()).toBe(0);
      expect(await storedToken(page)).toBeNull();
      await page.unrouteAll();

      await page.getByLabel('Username').fill(account.user.username);
      await page.getByLabel('Password', { exact: true }).fill(account.user.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL('**/app/ifc-tableau-connector');
    } finally {
      await signedIn.context.close();
    }
  });
});
