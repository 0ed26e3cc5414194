import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, type TestPage } from './browser';
import { startServer, type TestServer } from './server';

export interface BrowserSession {
  server: TestServer;
  browser: Browser;
  /** A fresh page (own context) for each test. */
  tab: TestPage;
}

/**
 * The usual browser-test lifecycle for a file: one server and one browser for the file, a fresh page for each
 * test. `bind` receives the session after every hook, so tests keep using plain `server`, `browser`, `tab` names.
 */
export function useBrowserSession(bind: (session: BrowserSession) => void): void {
  const session = {} as BrowserSession;
  beforeAll(async () => {
    session.server = await startServer();
    session.browser = await launchBrowser();
    bind(session);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  beforeEach(async () => {
    session.tab = await openPage(session.browser, session.server.baseURL);
    bind(session);
  });
  afterEach(async () => {
    await session.tab?.context.close();
  });
}
