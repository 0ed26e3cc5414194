import type { Account } from './api-session';
import { readAllPages, readCount } from './feed-reader';
import { readFeedWithOlingo } from './olingo-reader';
import { describeWithTool } from './tool-state';
import { readFeedWithOdatajs } from './ts-odatajs-reader';

/** What every client must see: /$count per set, and our own nextLink walk as the page-count reference. */
export interface Reference {
  counts: Record<string, number>;
  pages: Record<string, number>;
}

/** Counts and pages of each set under `root`, read with plain fetch (`query` narrows what the walk fetches). */
export async function referenceFor(
  root: string,
  auth: string,
  sets: string[],
  query = '',
): Promise<Reference> {
  const ref: Reference = { counts: {}, pages: {} };
  for (const set of sets) {
    ref.counts[set] = await readCount(`${root}${set}`, auth);
    const read = await readAllPages(`${root}${set}${query}`, auth);
    expect(read.rows).toHaveLength(ref.counts[set]!);
    ref.pages[set] = read.pages;
  }
  return ref;
}

/** "IFCElements 120 rows/3 pages, …" for the suite's closing log. */
export const referenceLine = (ref: Reference): string =>
  Object.keys(ref.counts)
    .map((n) => `${n} ${ref.counts[n]} rows/${ref.pages[n]} pages`)
    .join(', ');

/** The wide set is built right after a model is ready: wait for it as a client would (503 until then). */
export async function waitForWideSet(projectRoot: string, auth: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    const res = await fetch(`${projectRoot}IFCElementsWide/$count`, { headers: { authorization: auth } });
    await res.text();
    if (res.ok) return;
    if (res.status !== 503 || tries > 300) throw new Error(`wide set not ready: HTTP ${res.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One service root a suite reads: its label in test titles, and (once beforeAll ran) its URL and reference. */
export type ClientReadCase = [label: string, root: () => string, ref: () => Reference, sets: string[]];

/**
 * Apache Olingo's Java client and ts-odatajs each read every root's $metadata and every entity set to the end:
 * exactly the sets expected, each with the reference's rows and pages, declared properties, and (Olingo) no entity
 * without its key. `checks` completes the test titles ("%s: <checks>").
 */
export function describeClientsReadEverySet(
  checks: string,
  cases: ClientReadCase[],
  account: () => Account,
): void {
  describeWithTool('olingo', 'Apache Olingo Java client (odata-client-core 4.x)', (tool) => {
    it.each(cases)(
      `%s: ${checks}`,
      async (_label, root, ref, names) => {
        const { username, feedToken } = account();
        const sets = await readFeedWithOlingo(tool.path!, root(), username, feedToken);
        expect(Object.keys(sets).sort()).toEqual([...names].sort());
        for (const name of names) {
          const got = sets[name]!;
          expect({ set: name, rows: got.rows, pages: got.pages, missingKeys: got.missingKeys }).toEqual({
            set: name,
            rows: ref().counts[name],
            pages: ref().pages[name],
            missingKeys: 0,
          });
          expect(got.declaredProperties).toBeGreaterThan(0);
        }
      },
      240_000,
    );
  });

  describe('ts-odatajs (Olingo OData client for JavaScript, npm)', () => {
    it.each(cases)(
      `%s: ${checks}`,
      async (_label, root, ref, names) => {
        const sets = await readFeedWithOdatajs(root(), account().basic);
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
}
