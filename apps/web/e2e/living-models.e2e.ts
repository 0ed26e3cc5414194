import type { Browser, Page } from 'playwright-core';
// The generator's revision writer is plain TypeScript in packages/ifc, imported by path like the generator itself.
import { generateIfcRevision } from '../../../packages/ifc/src/generate';
import type { ExpectedChange, RevisionManifest } from '../../../packages/ifc/src/generate';
import { launchBrowser, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';
import {
  chooseFile,
  CONNECTOR_PATH,
  generateIfcFixture,
  overflowingElements,
  signedInTab,
  tempDir,
  writeModel,
  type SignedInTab,
} from './connector-helpers';

const MODEL = { storeys: 3, bays: 3, seed: 15 };
const REVISION = { added: 6, removed: 4, modified: 14, seed: 3 };

/** Apache Olingo's Java client, which Tableau's OData connector is built on: what the "report" sends. */
const TABLEAU_HEADERS = {
  Accept: 'application/json;odata.metadata=full',
  'OData-MaxVersion': '4.0',
  'OData-Version': '4.0',
};

interface StoredRequest {
  url: string;
  headers: Record<string, string>;
}

/** Replays a stored report request to the end of its pages, as a scheduled BI refresh does. */
async function refresh<T>(report: StoredRequest): Promise<T[]> {
  const rows: T[] = [];
  let next: string | undefined = report.url;
  for (let pages = 0; next; pages++) {
    if (pages > 500) throw new Error('nextLink does not end');
    const res = await fetch(next, { headers: report.headers });
    if (res.status !== 200) throw new Error(`${res.status} for ${next}: ${await res.text()}`);
    const body = (await res.json()) as { value: T[]; '@odata.nextLink'?: string };
    rows.push(...body.value);
    next = body['@odata.nextLink'];
  }
  return rows;
}

interface ChangeRow {
  GlobalId: string;
  ChangeType: ExpectedChange['changeType'];
  IfcType: string;
  Name: string | null;
  Storey: string | null;
  ChangedColumns: string;
  PropertyChangeCount: number;
  VersionNumber: number;
  PreviousVersionNumber: number;
}
interface PropertyChangeRow {
  GlobalId: string;
  SetName: string | null;
  PropertyName: string | null;
  ChangeType: ExpectedChange['changeType'];
  OldValue: string | null;
  NewValue: string | null;
  Unit: string | null;
}

/** The feed's change rows in the generator's manifest shape, property changes in a stable order. */
function asManifest(changes: ChangeRow[], properties: PropertyChangeRow[]): ExpectedChange[] {
  return changes
    .map((c) => ({
      globalId: c.GlobalId,
      changeType: c.ChangeType,
      ifcType: c.IfcType,
      name: c.Name,
      storey: c.Storey,
      changedColumns: c.ChangedColumns ? c.ChangedColumns.split(',') : [],
      propertyChanges: properties
        .filter((p) => p.GlobalId === c.GlobalId)
        .map((p) => ({
          setName: p.SetName,
          propertyName: p.PropertyName,
          changeType: p.ChangeType,
          oldValue: p.OldValue,
          newValue: p.NewValue,
          unit: p.Unit,
        })),
    }))
    .map(sortedProperties)
    .sort((a, b) => (a.globalId < b.globalId ? -1 : a.globalId > b.globalId ? 1 : 0));
}

function sortedProperties(change: ExpectedChange): ExpectedChange {
  const key = (p: ExpectedChange['propertyChanges'][number]) => `${p.setName}/${p.propertyName}`;
  return {
    ...change,
    propertyChanges: [...change.propertyChanges].sort((a, b) => key(a).localeCompare(key(b))),
  };
}

const totalOf = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'What changed in version 2' })
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .innerText();

let server: TestServer;
let browser: Browser;
let tab: SignedInTab;
let files: ReturnType<typeof tempDir>;

beforeAll(async () => {
  files = tempDir();
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await tab?.context.close();
  await browser?.close();
  await server?.stop();
  files?.remove();
});

describe('Living models: a report keeps its URL across a model revision', () => {
  it('serves version 2 through the same stored Tableau request, shows the history and publishes exactly what changed', async () => {
    const base = generateIfcFixture(MODEL);
    const revision = generateIfcRevision(MODEL, REVISION);
    const manifest: RevisionManifest = revision.manifest;
    const v1File = writeModel(files.dir, 'Bürohaus.ifc', base.text);
    const v2File = writeModel(files.dir, 'Bürohaus rev 2.ifc', revision.text);

    // Version 1 through the connector, and a feed token for the report.
    tab = await signedInTab(browser, server.baseURL, 'living', CONNECTOR_PATH);
    const { page } = tab;
    await chooseFile(page, v1File);
    await page.getByRole('button', { name: 'Start Processing' }).click();
    await page
      .getByText(`Upload complete - ${base.counts.totalProducts} elements extracted`)
      .waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 10_000 });
    const tableauUrl = await page.getByRole('textbox', { name: 'Tableau URL' }).inputValue();
    const odataUrl = await page.getByRole('textbox', { name: 'OData endpoint URL' }).inputValue();
    const projectId = /\/projects\/([^/]+)\//.exec(odataUrl)?.[1] ?? '';
    expect(projectId).not.toBe('');
    await page.getByRole('button', { name: 'Create feed token' }).click();
    const feedToken = await page.getByTestId('feed-token').innerText();
    const basic = `Basic ${Buffer.from(`${tab.user.username}:${feedToken}`).toString('base64')}`;

    // The "report": a stored request bound to the project's Tableau URL.
    const report: StoredRequest = { url: tableauUrl, headers: { ...TABLEAU_HEADERS, Authorization: basic } };
    const before = await refresh<{ GlobalId: string; VersionNumber: number }>(report);
    expect(before).toHaveLength(base.counts.totalProducts);
    expect(new Set(before.map((r) => r.VersionNumber))).toEqual(new Set([1]));

    // Version 2 through the project page's "Upload new version".
    await page.goto(`/app/data/sources/${projectId}`);
    await page.getByRole('heading', { name: 'Models and versions' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload new version' }).click();
    await (await chooser).setFiles(v2File);
    await page.getByRole('heading', { name: 'Version 2' }).waitFor({ timeout: 60_000 });
    await page.getByText('Version 2 compared with version 1').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'What changed' }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Version 1' }).isVisible()).toBe(true);
    expect(await totalOf(page, 'Added')).toBe(String(manifest.added));
    expect(await totalOf(page, 'Removed')).toBe(String(manifest.removed));
    expect(await totalOf(page, 'Modified')).toBe(String(manifest.modified));
    expect(await totalOf(page, 'Property values changed')).toBe(String(manifest.propertyValuesChanged));
    await screenshot(page, 'living-models-history');

    // The same stored request now answers with version 2's rows: removed ones gone, added ones there.
    const after = await refresh<{ GlobalId: string; VersionNumber: number; Name: string | null }>(report);
    const removed = new Set(
      manifest.changes.filter((c) => c.changeType === 'Removed').map((c) => c.globalId),
    );
    const added = manifest.changes.filter((c) => c.changeType === 'Added').map((c) => c.globalId);
    expect(after.map((r) => r.GlobalId).sort()).toEqual(
      [...before.map((r) => r.GlobalId).filter((id) => !removed.has(id)), ...added].sort(),
    );
    expect(new Set(after.map((r) => r.VersionNumber))).toEqual(new Set([2]));
    const names = new Map(after.map((r) => [r.GlobalId, r.Name]));
    for (const change of manifest.changes.filter((c) => c.changeType !== 'Removed'))
      expect(names.get(change.globalId)).toBe(change.name);

    // IFCChanges and IFCPropertyChanges: exactly the generator's change list.
    const feed = (set: string) => ({
      url: `${odataUrl}${set}`,
      headers: { ...TABLEAU_HEADERS, Authorization: basic },
    });
    const changes = await refresh<ChangeRow>(feed('IFCChanges'));
    const properties = await refresh<PropertyChangeRow>(feed('IFCPropertyChanges'));
    expect(asManifest(changes, properties)).toEqual(manifest.changes.map(sortedProperties));
    for (const change of changes) {
      expect([change.VersionNumber, change.PreviousVersionNumber]).toEqual([2, 1]);
      expect(change.PropertyChangeCount).toBe(
        properties.filter((p) => p.GlobalId === change.GlobalId).length,
      );
    }

    // A phone-sized screen: the history and the change tables stay inside it.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('heading', { name: 'What changed' }).first().waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'living-models-history-360');
    expect(tab.unexpectedErrors()).toEqual([]);
  });
});
