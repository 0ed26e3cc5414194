import { loginViaUi, signupViaUi } from './support/flows';
import { renameInDatabase } from './support/legacy-account';
import { type TestServer } from './support/server';
import { useBrowserSession } from './support/session';
import { registerViaApi, uniqueUser } from './support/users';
import type { TestPage } from './support/browser';

let server: TestServer;
let tab: TestPage;

useBrowserSession((s) => ({ server, tab } = s));

const NAME_RULE = "Username may contain only letters (A-Z, a-z), digits, '.', '_' and '-'";

describe('signup refuses accounts that could never be used', () => {
  it.each([
    ['a colon, which HTTP Basic cannot carry', 'ann:ops'],
    ['a space', 'ann smith'],
    ['a non-ASCII letter', 'zoë_k'],
  ])('explains the username rule for a name with %s and sends nothing', async (_label, username) => {
    const { page } = tab;
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/mongo/auth/register')) registerCalls += 1;
    });
    await signupViaUi(page, { ...uniqueUser('rule'), username });
    await page.getByText(NAME_RULE).waitFor();
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    expect(registerCalls).toBe(0);
    expect(tab.errors).toEqual([]);
  });

  it('refuses a password of only spaces, which the login form would ignore', async () => {
    const { page } = tab;
    await signupViaUi(page, { ...uniqueUser('blankpw'), password: '        ' });
    await page.getByText('Password must contain at least one character that is not a space').waitFor();
    expect(page.url()).toMatch(/\/signup$/);
  });
});

describe('an account named under the older rules', () => {
  it('logs in, is told how to rename (profile and feed tokens), and renames to a valid name', async () => {
    const { page } = tab;
    const user = uniqueUser('legacy');
    await registerViaApi(server.baseURL, user);
    const legacyName = `ann:ops ${user.username.slice(-4)}`;
    renameInDatabase(server, user.username, legacyName);

    await loginViaUi(page, { username: legacyName, password: user.password });
    await page.waitForURL('**/dashboard');
    await page.goto('/app/settings');
    const profile = page.getByRole('form', { name: 'Profile' });
    const profileNotice = profile.getByTestId('username-rule-notice');
    await profileNotice.waitFor();
    expect(await profileNotice.textContent()).toContain(NAME_RULE);
    const feedTokens = page.getByRole('region', { name: 'Feed tokens' });
    expect(await feedTokens.getByTestId('username-rule-notice').textContent()).toMatch(/rename/i);

    const validName = `ann.ops-${user.username.slice(-4)}`;
    await profile.getByLabel('Username').fill(validName);
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Profile updated!').waitFor();
    await page.getByText(`Signed in as ${validName}.`).waitFor();
    expect(await page.getByTestId('username-rule-notice').count()).toBe(0);
    expect(await feedTokens.getByText(validName, { exact: true }).isVisible()).toBe(true);
    expect(tab.errors).toEqual([]);
  });
});
