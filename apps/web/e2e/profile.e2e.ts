import { screenshot, type TestPage } from './support/browser';
import { loginViaUi, storedToken } from './support/flows';
import { type TestServer } from './support/server';
import { useBrowserSession } from './support/session';
import { getMe, loginViaApi, registerViaApi, uniqueUser, type TestUser } from './support/users';

let server: TestServer;
let tab: TestPage;

useBrowserSession((s) => ({ server, tab } = s));

async function signedInUser(prefix: string): Promise<TestUser> {
  const user = uniqueUser(prefix);
  await registerViaApi(server.baseURL, user);
  await loginViaUi(tab.page, user);
  await tab.page.waitForURL('**/dashboard');
  await tab.page.getByRole('form', { name: 'Profile' }).waitFor();
  return user;
}

describe('profile card', () => {
  it('saves an edit, shows Profile updated! and keeps it after a reload', async () => {
    const { page } = tab;
    const user = await signedInUser('edit');
    const renamed = uniqueUser('renamed');
    await page.getByLabel('Username').fill(renamed.username);
    await page.getByLabel('Email').fill(renamed.email);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated!').waitFor();
    await screenshot(page, 'profile-updated');

    await page.reload();
    await page.getByRole('form', { name: 'Profile' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(renamed.username);
    expect(await page.getByLabel('Email').inputValue()).toBe(renamed.email);

    // The server agrees, and the old username no longer signs in.
    const token = await storedToken(page);
    const me = (await (await getMe(server.baseURL, token ?? '')).json()) as { user: { username: string } };
    expect(me.user.username).toBe(renamed.username);
    await expect(loginViaApi(server.baseURL, user)).rejects.toThrow(/404/);
    expect(tab.errors).toEqual([]);
  });

  it('validates the form with the contract rules before sending', async () => {
    const { page } = tab;
    await signedInUser('invalid');
    let updates = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/mongo/user/update')) updates += 1;
    });
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    expect(await page.getByText('Email must be a valid email address').isVisible()).toBe(true);
    expect(updates).toBe(0);
    expect(tab.errors).toEqual([]);
  });

  it('shows the server error when the new username is taken', async () => {
    const { page } = tab;
    const other = uniqueUser('owner');
    await registerViaApi(server.baseURL, other);
    await signedInUser('clash');
    await page.getByLabel('Username').fill(other.username);
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.toLowerCase()).toContain('taken');
    expect(await page.getByText('Profile updated!').count()).toBe(0);
    expect(tab.unexpectedErrors(/status of 409/)).toEqual([]);
  });

  it('keeps the account when the confirmation is dismissed', async () => {
    const { page } = tab;
    await signedInUser('keep');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForTimeout(300);
    expect(await page.getByRole('form', { name: 'Profile' }).isVisible()).toBe(true);
    expect((await getMe(server.baseURL, (await storedToken(page)) ?? '')).status).toBe(200);
  });

  it('deletes the account after confirmation, shows the deleted state, and the old token is refused', async () => {
    const { page } = tab;
    await signedInUser('delete');
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    let confirmation = '';
    page.once('dialog', (dialog) => {
      confirmation = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByText('Account deleted').waitFor();
    expect(confirmation).toBe('Are you sure you want to delete your account? This cannot be undone.');
    expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, 'account-deleted');

    expect((await getMe(server.baseURL, token ?? '')).status).toBe(401);
    // Logged out for real: another guarded page sends the visitor to /login.
    await page.getByRole('banner').getByRole('link', { name: 'Access App' }).click();
    await page.waitForURL('**/login');
    expect(tab.errors).toEqual([]);
  });

  it('shows the session-expired card when the token stops working, and Log In logs out', async () => {
    const { page } = tab;
    await signedInUser('expired');
    const token = (await storedToken(page)) ?? '';
    // The card's first session check must have answered before the revoke: a focus while it is still in
    // flight joins that request (React Query does not refetch over a running fetch), which answers 200.
    await page.waitForLoadState('networkidle');
    // Revoke the session behind the page's back, then let the card re-check on focus.
    const removed = await fetch(`${server.baseURL}/mongo/user/delete`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'profile-session-expired');

    await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/login');
    expect(await storedToken(page)).toBeNull();
    expect(tab.unexpectedErrors(/status of 401/)).toEqual([]);
  });
});
