import { screenshot, type TestPage } from './support/browser';
import { loginViaUi, signupViaUi, storedToken } from './support/flows';
import { type TestServer } from './support/server';
import { useBrowserSession } from './support/session';
import { getMe, registerViaApi, uniqueUser } from './support/users';

let server: TestServer;
let tab: TestPage;

useBrowserSession((s) => ({ server, tab } = s));

describe('signup, logout and login', () => {
  it('signs up, lands on /dashboard showing the user, and the token works', async () => {
    const { page } = tab;
    const user = uniqueUser('signup');
    await signupViaUi(page, user);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(user.username);
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    expect(await page.getByText(`Welcome back, ${user.username}.`).isVisible()).toBe(true);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect((await getMe(server.baseURL, token ?? '')).status).toBe(200);
    await screenshot(page, 'dashboard-after-signup');
    expect(tab.errors).toEqual([]);
  });

  it('shows the contract validation messages and sends nothing for an invalid signup', async () => {
    const { page } = tab;
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/mongo/auth/register')) registerCalls += 1;
    });
    await signupViaUi(page, { username: 'ab', email: 'not-an-email', password: '123' });
    await page.getByText('Username must be at least 3 characters').waitFor();
    expect(await page.getByText('Email must be a valid email address').isVisible()).toBe(true);
    expect(await page.getByText('Password must be at least 6 characters').isVisible()).toBe(true);
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    expect(registerCalls).toBe(0);
    expect(page.url()).toMatch(/\/signup$/);
    expect(tab.errors).toEqual([]);
  });

  it('shows the server error when the username is taken', async () => {
    const { page } = tab;
    const user = uniqueUser('taken');
    await registerViaApi(server.baseURL, user);
    await signupViaUi(page, { ...uniqueUser('other'), username: user.username });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.toLowerCase()).toContain('taken');
    expect(await page.getByRole('button', { name: 'Sign Up', exact: true }).isEnabled()).toBe(true);
    expect(tab.unexpectedErrors(/status of 409/)).toEqual([]);
  });

  it('logs out from the header: session cleared, back on /, guarded pages send to /login', async () => {
    const { page } = tab;
    const user = uniqueUser('logout');
    await registerViaApi(server.baseURL, user);
    await loginViaUi(page, user);
    await page.waitForURL('**/dashboard');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(page)).toBeNull();
    await banner.getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(await banner.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await banner.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(tab.errors).toEqual([]);
  });

  it('keeps the session across a reload (stored token reused)', async () => {
    const { page } = tab;
    const user = uniqueUser('reload');
    await registerViaApi(server.baseURL, user);
    await loginViaUi(page, user);
    await page.waitForURL('**/dashboard');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(user.username);
    expect(tab.errors).toEqual([]);
  });

  it('returns to the guarded page that sent the user to /login', async () => {
    const { page } = tab;
    const user = uniqueUser('guard');
    await registerViaApi(server.baseURL, user);
    await page.goto('/app');
    await page.waitForURL('**/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/app');
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    expect(tab.errors).toEqual([]);
  });
});

describe('login errors', () => {
  it('offers Create Account for an unknown username and clears the error on edit', async () => {
    const { page } = tab;
    await loginViaUi(page, { username: uniqueUser('ghost').username, password: 'whatever1' });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Username not found. Please check your username or sign up for a new account.',
    );
    expect(await page.getByText("Don't have an account yet?").isVisible()).toBe(true);
    const create = page.getByRole('link', { name: 'Create Account' });
    expect(await create.getAttribute('href')).toBe('/signup');
    await screenshot(page, 'login-unknown-user');

    await page.getByLabel('Username').press('End');
    await page.getByLabel('Username').pressSequentially('x');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).isVisible()).toBe(
      true,
    );
    expect(tab.unexpectedErrors(/status of 404/)).toEqual([]);
  });

  it('says the password is incorrect, then logs in with the right one', async () => {
    const { page } = tab;
    const user = uniqueUser('wrongpw');
    await registerViaApi(server.baseURL, user);
    await loginViaUi(page, { username: user.username, password: `${user.password}-nope` });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Incorrect password. Please check your password and try again.',
    );
    expect(await page.getByRole('link', { name: 'Create Account' }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).isVisible()).toBe(
      true,
    );
    await screenshot(page, 'login-wrong-password');

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(tab.unexpectedErrors(/status of 401/)).toEqual([]);
  });

  it('toggles the password visibility with an accessible button', async () => {
    const { page } = tab;
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    expect(tab.errors).toEqual([]);
  });

  it('ignores a submission whose username is blank after trimming', async () => {
    const { page } = tab;
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/mongo/auth/login')) loginCalls += 1;
    });
    await loginViaUi(page, { username: '   ', password: 'whatever1' });
    await page.waitForTimeout(300);
    expect(loginCalls).toBe(0);
    expect(await page.getByRole('button', { name: 'Login', exact: true }).isEnabled()).toBe(true);
    expect(page.url()).toMatch(/\/login$/);
  });
});

describe('not-found page', () => {
  it('shows the missing path with Go Back, Go to Home and Sign In', async () => {
    const { page } = tab;
    expect((await page.goto('/no/such/page'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByText('/no/such/page').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    // the server answers an unknown path with 404 (the page is the app's not-found page); Chrome logs that status
    expect(tab.unexpectedErrors(/status of 404/)).toEqual([]);
  });

  it('sends a signed-in user to the dashboard and remembers the attempted path', async () => {
    const { page } = tab;
    const user = uniqueUser('lost');
    await registerViaApi(server.baseURL, user);
    await loginViaUi(page, user);
    await page.waitForURL('**/dashboard');
    await page.goto('/missing-page');
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => window.sessionStorage.getItem('attemptedPath'))).toBe('/missing-page');
    expect(tab.unexpectedErrors(/status of 404/)).toEqual([]);
  });
});

describe('small screens', () => {
  it('mirrors the header links and account actions in the mobile menu', async () => {
    const { page } = tab;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Login' }).isVisible()).toBe(false);
    await banner.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Features', 'Pricing', 'Blog', 'FAQ', 'Access App', 'Login', 'Sign Up']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'mobile-menu');
    await menu.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/login');
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    expect(tab.errors).toEqual([]);
  });
});
