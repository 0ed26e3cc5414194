import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  createAccount,
  startServer,
  uploadIfc,
  type Account,
  type RunningServer,
} from './support/api-session';
import { readAllPages, readCount, readJson } from './support/feed-reader';
import { readFeedWithOlingo } from './support/olingo-reader';
import { loadExpectedCounts, SAMPLES_DIR, samplesSkipReason } from './support/paths';
import { describeWithTool } from './support/tool-state';
import { readFeedWithOdatajs } from './support/ts-odatajs-reader';
import { describeSkipped } from '../tools/test-support/skip-with-reason';

// Unicode names, an IFC4 model (read again through its per-project root) and the largest sample (tens of pages).
const SAMPLES = ['osb_ac16_unicode.ifc', 'wifc_AC20-FZK-Haus.ifc', 'wifc_ISSUE_021_Mini_Project.ifc'];
// Small pages so every client has to follow many nextLinks rather than getting one page.
const PAGE_SIZE = 700;
// The model sets (issue 15) are served on both roots; the change sets are empty here, every sample being its
// model's first version.
const ENTITY_SETS = [
  'Projects',
  'IFCElements',
  'IFCProperties',
  'IFCSpatialStructure',
  'Models',
  'Versions',
  'IFCChanges',
  'IFCPropertyChanges',
];
/** A per-project root adds the project's wide element set (one column per property). */
const PROJECT_SETS = [...ENTITY_SETS, 'IFCElementsWide'];
const expected = loadExpectedCounts();

interface ProjectRow {
  ProjectId: string;
  FileName: string;
  ElementCount: number;
  PropertyCount: number;
  SpatialCount: number;
}

/** What every client must see: /$count per set, and our own nextLink walk as the page-count reference. */
interface Reference {
  counts: Record<string, number>;
  pages: Record<string, number>;
}

async function referenceFor(root: string, auth: string, sets: string[]): Promise<Reference> {
  const ref: Reference = { counts: {}, pages: {} };
  for (const set of sets) {
    ref.counts[set] = await readCount(`${root}${set}`, auth);
    const read = await readAllPages(`${root}${set}?$select=ProjectId`, auth);
    expect(read.rows).toHaveLength(ref.counts[set]!);
    ref.pages[set] = read.pages;
  }
  return ref;
}

if (!expected) {
  describeSkipped('OData feed read by Olingo and ts-odatajs', samplesSkipReason);
} else {
  describe('OData feed read by real OData clients', () => {
    let tmp: string;
    let server: RunningServer;
    let account: Account;
    let globalRoot: string;
    let projectRoot: string;
    let global: Reference;
    let project: Reference;
    let mine: ProjectRow[];

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aec-interop-odata-'));
      server = await startServer({ DATA_DIR: tmp, ODATA_PAGE_SIZE: String(PAGE_SIZE) });
      account = await createAccount(server.baseUrl, `odata_${randomBytes(3).toString('hex')}`);
      const ids: string[] = [];
      for (const file of SAMPLES) {
        const res = await uploadIfc(server.baseUrl, account, path.join(SAMPLES_DIR, file));
        expect(res.success).toBe(true);
        ids.push(res.projectId);
      }
      globalRoot = `${server.baseUrl}/api/ifc/odata/`;
      projectRoot = `${globalRoot}projects/${ids[1]}/`;
      const projects = await readJson<{ value: ProjectRow[] }>(`${globalRoot}Projects`, account.basic);
      mine = projects.value.filter((p) => ids.includes(p.ProjectId));
      // The wide set is built right after a model is ready: wait for it as a client would (503 until then).
      for (let tries = 0; ; tries++) {
        const res = await fetch(`${projectRoot}IFCElementsWide/$count`, {
          headers: { authorization: account.basic },
        });
        await res.text();
        if (res.ok) break;
        if (res.status !== 503 || tries > 300) throw new Error(`wide set not ready: HTTP ${res.status}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      global = await referenceFor(globalRoot, account.basic, ENTITY_SETS);
      project = await referenceFor(projectRoot, account.basic, PROJECT_SETS);
    }, 240_000);

    afterAll(async () => {
      if (global && project) {
        const line = (ref: Reference) =>
          Object.keys(ref.counts)
            .map((n) => `${n} ${ref.counts[n]} rows/${ref.pages[n]} pages`)
            .join(', ');
        console.log(
          `[interop] OData reference (page size ${PAGE_SIZE}):\n  service root: ${line(global)}\n  per-project root: ${line(project)}`,
        );
      }
      await server?.stop();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('the reference itself matches the store: element counts from the files, property and spatial counts from processing', () => {
      expect(mine).toHaveLength(SAMPLES.length);
      const sum = (k: keyof ProjectRow) => mine.reduce((n, p) => n + Number(p[k]), 0);
      expect(global.counts.IFCElements).toBe(SAMPLES.reduce((n, f) => n + expected[f]!.totalProducts, 0));
      expect(sum('ElementCount')).toBe(global.counts.IFCElements);
      expect(sum('PropertyCount')).toBe(global.counts.IFCProperties);
      expect(sum('SpatialCount')).toBe(global.counts.IFCSpatialStructure);
      expect(project.counts.IFCElements).toBe(expected['wifc_AC20-FZK-Haus.ifc']!.totalProducts);
      expect(project.counts.IFCElementsWide).toBe(project.counts.IFCElements);
      expect(project.counts.Projects).toBe(1);
      // the point of this suite is paging: the big sets must span many pages
      expect(global.pages.IFCElements).toBe(Math.ceil(global.counts.IFCElements! / PAGE_SIZE));
      expect(global.pages.IFCProperties).toBeGreaterThan(2);
    });

    describeWithTool('olingo', 'Apache Olingo Java client (odata-client-core 4.x)', (tool) => {
      it.each([
        ['service root', () => globalRoot, () => global, ENTITY_SETS],
        ['per-project root', () => projectRoot, () => project, PROJECT_SETS],
      ])(
        '%s: $metadata parsed, every entity set paged to the end, counts exact',
        async (_label, root, ref, names) => {
          const sets = await readFeedWithOlingo(tool.path!, root(), account.username, account.feedToken);
          expect(Object.keys(sets).sort()).toEqual([...names].sort());
          for (const name of names) {
            const got = sets[name]!;
            expect({ set: name, rows: got.rows, pages: got.pages }).toEqual({
              set: name,
              rows: ref().counts[name],
              pages: ref().pages[name],
            });
            expect(got.missingKeys).toBe(0);
            expect(got.declaredProperties).toBeGreaterThan(0);
          }
        },
        240_000,
      );
    });

    describe('ts-odatajs (Olingo OData client for JavaScript, npm)', () => {
      it.each([
        ['service root', () => globalRoot, () => global, ENTITY_SETS],
        ['per-project root', () => projectRoot, () => project, PROJECT_SETS],
      ])(
        '%s: $metadata parsed, every entity set paged to the end, counts exact',
        async (_label, root, ref, names) => {
          const sets = await readFeedWithOdatajs(root(), account.basic);
          expect(Object.keys(sets).sort()).toEqual([...names].sort());
          for (const name of names) {
            const got = sets[name]!;
            expect({ set: name, rows: got.rows, pages: got.pages }).toEqual({
              set: name,
              rows: ref().counts[name],
              pages: ref().pages[name],
            });
            expect(got.declaredProperties).toBeGreaterThan(0);
          }
        },
        120_000,
      );
    });
  });
}
