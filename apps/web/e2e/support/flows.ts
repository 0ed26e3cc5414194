import type { Page } from 'playwright-core';
import type { TestUser } from './users';

export async function loginViaUi(page: Page, user: Pick<TestUser, 'username' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function signupViaUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}
