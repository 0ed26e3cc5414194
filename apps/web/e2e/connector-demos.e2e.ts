import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';
import {
  apiGet,
  generateIfcFixture,
  overflowingElements,
  signedInTab,
  uploadReady,
  type SignedInTab,
} from './connector-helpers';

let server: TestServer;
let browser: Browser;
let tab: SignedInTab;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await tab?.context.close();
});

const fixture = generateIfcFixture({ storeys: 4, bays: 5, seed: 21 });

describe('OData query builder', () => {
  it('shows the exact URL, runs a filter on the live feed and renders its rows; errors are shown', async () => {
    tab = await signedInTab(browser, server.baseURL, 'odata', '/app/ifc-odata-demo');
    const { projectId } = await uploadReady(server.baseURL, tab.token, 'demo-model.ifc', fixture.text);
    await tab.page.reload();
    const { page } = tab;
    await page.getByRole('heading', { name: 'OData Query Builder' }).waitFor();

    await page.getByLabel('Feed').selectOption(projectId);
    await page.getByLabel('$filter').fill("IfcType eq 'IfcDoor'");
    await page.getByLabel('$select').fill('Name, IfcType,Storey');
    await page.getByLabel('$orderby').fill('Name desc');
    await page.getByLabel('$top').fill('');
    const expectedPath =
      `/api/ifc/odata/projects/${projectId}/IFCElements` +
      '?$filter=IfcType%20eq%20%27IfcDoor%27&$select=Name,IfcType,Storey&$orderby=Name%20desc';
    expect(await page.getByTestId('odata-url').innerText()).toBe(`${server.baseURL}${expectedPath}`);

    const request = page.waitForRequest((r) => r.url().includes('/IFCElements?'));
    await page.getByRole('button', { name: 'Run query' }).click();
    expect((await request).url()).toBe(`${server.baseURL}${expectedPath}`);
    const table = page.getByRole('table', { name: 'Query result' });
    await table.waitFor();
    const doors = fixture.counts.productsByType.IfcDoor ?? 0;
    expect(doors).toBeGreaterThan(0);
    expect(await table.locator('tbody tr').count()).toBe(doors);
    // The table shows the columns the feed returned (the key comes with every $select), in its order.
    const direct = await apiGet<{ value: Record<string, unknown>[] }>(
      server.baseURL,
      tab.token,
      expectedPath,
    );
    const columns = Object.keys(direct.body.value[0] ?? {}).filter((key) => !key.includes('@'));
    expect(columns).toEqual(expect.arrayContaining(['Name', 'IfcType', 'Storey']));
    expect(await table.locator('thead th').allInnerTexts()).toEqual(columns);
    const column = (name: string) => table.locator(`tbody tr td:nth-child(${columns.indexOf(name) + 1})`);
    expect(new Set(await column('IfcType').allInnerTexts())).toEqual(new Set(['IfcDoor']));
    // Rows come back in the requested order, as the API itself returns them.
    expect(await column('Name').allInnerTexts()).toEqual(direct.body.value.map((row) => String(row.Name)));
    await screenshot(page, 'connector-odata-demo');

    await page.getByLabel('$filter').fill('NoSuchColumn eq 1');
    await page.getByRole('button', { name: 'Run query' }).click();
    const alert = page.getByRole('alert').filter({ hasText: '400' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/NoSuchColumn/);

    await page.getByLabel('$top').fill('abc');
    expect(await page.getByText('$top must be a whole number').isVisible()).toBe(true);
    expect(tab.unexpectedErrors(/status of 400/)).toEqual([]);

    // Phone width: the form stacks and wide results scroll inside their own box, not the page.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByLabel('$top').fill('5');
    await page.getByLabel('$filter').fill('');
    await page.getByRole('button', { name: 'Run query' }).click();
    await page.getByRole('table', { name: 'Query result' }).waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('REST API demo', () => {
  it('lists projects, pages through elements and shows one element with its properties', async () => {
    tab = await signedInTab(browser, server.baseURL, 'rest', '/app/ifc-rest-demo');
    const { projectId } = await uploadReady(server.baseURL, tab.token, 'rest-model.ifc', fixture.text);
    const total = fixture.counts.totalProducts;
    expect(total).toBeGreaterThan(50);
    await tab.page.reload();
    const { page } = tab;
    await page.getByRole('button', { name: 'Browse rest-model' }).click();
    await page
      .getByTestId('element-range')
      .filter({ hasText: `Elements 1–50 of ${total}` })
      .waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page
      .getByTestId('element-range')
      .filter({ hasText: `Elements 51–${Math.min(100, total)} of ${total}` })
      .waitFor();

    // The first element on page two that has property rows, found through the API itself.
    const pageTwo = await apiGet<{ value: { ExpressId: number; Name: string }[] }>(
      server.baseURL,
      tab.token,
      `/api/ifc/odata/projects/${projectId}/IFCElements?$orderby=ExpressId&$skip=50&$top=50`,
    );
    let wall: { ExpressId: number; Name: string } | undefined;
    let properties = { value: [] as unknown[] };
    for (const row of pageTwo.body.value) {
      const answer = await apiGet<{ value: unknown[] }>(
        server.baseURL,
        tab.token,
        `/api/ifc/odata/projects/${projectId}/IFCProperties?$filter=${encodeURIComponent(`ElementExpressId eq ${row.ExpressId}`)}`,
      );
      if (answer.body.value.length > 0) {
        wall = row;
        properties = answer.body;
        break;
      }
    }
    expect(wall).toBeDefined();
    await page
      .getByRole('table', { name: 'Elements' })
      .getByRole('button', { name: wall?.Name ?? '' })
      .first()
      .click();
    const detail = page.getByRole('table', { name: 'Element properties' });
    await detail.waitFor();
    expect(await detail.locator('tbody tr').count()).toBe(properties.value.length);
    expect(await page.getByText(`Properties (${properties.value.length})`).isVisible()).toBe(true);
    await screenshot(page, 'connector-rest-demo');
    expect(tab.unexpectedErrors()).toEqual([]);
  });
});
