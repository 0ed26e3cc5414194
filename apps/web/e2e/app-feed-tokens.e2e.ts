import type { Browser } from 'playwright-core';
import { newAccount, openSignedIn, type SignedIn } from './app-support';
import { axeRuleViolations } from './support/axe';
import { launchBrowser, screenshot, type TestPage } from './support/browser';
import { widthAt } from './support/layout';
import { startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let account: SignedIn;
let tab: TestPage;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  account = await newAccount(server.baseURL, 'feed');
});

afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
  await server?.stop();
});

function countWithBasic(username: string, token: string): Promise<Response> {
  const basic = Buffer.from(`${username}:${token}`).toString('base64');
  return fetch(`${server.baseURL}/api/ifc/odata/IFCElements/$count`, {
    headers: { Authorization: `Basic ${basic}` },
  });
}

describe('feed tokens in Settings', () => {
  it('creates a token shown once, which opens the feed with Basic auth until it is revoked', async () => {
    tab = await openSignedIn(browser, server.baseURL, account);
    const { page, context } = tab;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/app/settings');
    const card = page.getByRole('region', { name: 'Feed tokens' });
    await card.getByText('No feed tokens yet.').waitFor();
    expect(await card.textContent()).toContain(`${server.baseURL}/api/ifc/odata/`);

    await card.getByRole('button', { name: 'Create token' }).click();
    await card.getByText('Name is required').waitFor();
    await card.getByLabel('Token name').fill('Tableau laptop');
    await card.getByRole('button', { name: 'Create token' }).click();
    const secret = card.getByTestId('new-feed-token');
    await secret.waitFor();
    const token = (await secret.textContent()) ?? '';
    expect(token.length).toBeGreaterThan(20);
    await card.getByRole('button', { name: 'Copy token' }).click();
    await card.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await card.getByRole('listitem').filter({ hasText: 'Tableau laptop' }).waitFor();
    await screenshot(page, 'app-feed-token-created');

    const wrong = await countWithBasic(account.user.username, `${token}x`);
    expect(wrong.status).toBe(401);
    const ok = await countWithBasic(account.user.username, token);
    expect(ok.status).toBe(200);
    expect(Number(await ok.text())).toBe(0);

    // Shown once: after dismissing (or a reload) the secret is gone for good.
    await card.getByRole('button', { name: 'I have copied it' }).click();
    expect(await card.getByTestId('new-feed-token').count()).toBe(0);
    await page.reload();
    const item = card.getByRole('listitem').filter({ hasText: 'Tableau laptop' });
    await item.waitFor();
    expect(await item.textContent()).not.toContain('last used Never');
    expect(await page.content()).not.toContain(token);

    // the same name in other letter case is taken: said at the field, and no second token is made
    const nameField = card.getByLabel('Token name');
    await nameField.fill('tableau LAPTOP');
    await card.getByRole('button', { name: 'Create token' }).click();
    await card.getByText('You already have a feed token named "Tableau laptop"', { exact: false }).waitFor();
    expect(await nameField.getAttribute('aria-invalid')).toBe('true');
    expect(await card.getByRole('listitem').count()).toBe(1);
    expect(await card.getByTestId('new-feed-token').count()).toBe(0);

    await card.getByRole('button', { name: 'Revoke Tableau laptop' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Revoke Tableau laptop?' }).waitFor();
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await card.getByText('No feed tokens yet.').waitFor();
    expect((await countWithBasic(account.user.username, token)).status).toBe(401);
    // the browser logs the taken name's 409; nothing else may fail
    expect(tab.unexpectedErrors(/status of 409/)).toEqual([]);
  });

  it('fits 320 px with a long token name and username, and goes away with the deleted account', async () => {
    await tab?.context.close();
    // 23 characters + "_" + 8: a 32-character username, the longest there is.
    const narrow = await newAccount(server.baseURL, 'narrow_screen_user_name');
    expect(narrow.user.username).toHaveLength(32);
    tab = await openSignedIn(browser, server.baseURL, narrow, { width: 320, height: 640 });
    const { page } = tab;
    await page.goto('/app/settings');
    const card = page.getByRole('region', { name: 'Feed tokens' });
    await card.getByText('No feed tokens yet.').waitFor();
    const name = 'PowerBI_Production_Workspace_For_The_North_Tower_Project_Team_2026_Q4';
    await card.getByLabel('Token name').fill(name);
    await card.getByRole('button', { name: 'Create token' }).click();
    await card.getByTestId('new-feed-token').waitFor();
    const report = await widthAt(page, 320);
    expect(report.sticksOut).toEqual([]);
    expect(report.documentWidth).toBeLessThanOrEqual(320);
    // The alert's title is not a heading of its own (h1 → h2 → h5 broke the order).
    expect(await axeRuleViolations(page, ['heading-order'])).toEqual([]);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByText('Account deleted').waitFor();
    // Signed out: nothing here may go on asking the server as the deleted user.
    expect(await card.count()).toBe(0);
    expect(await page.getByText('Loading tokens...').count()).toBe(0);
    expect(tab.unexpectedErrors()).toEqual([]);
  });
});
