import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ARTIFACTS_DIR = path.resolve(__dirname, '../../../../.e2e-artifacts');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type TestPage = {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  /** Errors not explained by an expected failed request (e.g. the 404 of an unknown login). */
  unexpectedErrors: (...allowed: RegExp[]) => string[];
};

/**
 * A fresh context per test (launch + newContext): its own storage, cookies and cache, so no test
 * sees another's session or theme.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return {
    page,
    context,
    errors,
    unexpectedErrors: (...allowed) => errors.filter((text) => !allowed.some((pattern) => pattern.test(text))),
  };
}

/** Full-page screenshot for human review; the folder is gitignored. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}
