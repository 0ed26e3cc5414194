import fs from 'node:fs';
import path from 'node:path';
import { describeEachStore } from '../apps/api/src/test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../apps/api/src/test/ifc-harness';
import type { Store } from '../apps/api/src/store/types';
import { describeSkipped } from '../tools/test-support/skip-with-reason';
import { loadExpectedCounts, SAMPLES_DIR as SAMPLES, samplesSkipReason } from './support/paths';

/** Every real sample uploaded through the app (both stores) and checked against its expected per-type counts. */
const TITLE = 'real IFC samples through upload → ready, exact per-type counts';
const files = loadExpectedCounts();

if (!files) {
  // The samples live beside the repository (../shared/ifc-samples), not in it: a bare clone cannot run this suite.
  describeSkipped(TITLE, samplesSkipReason);
} else {
  describeEachStore(TITLE, (target) => {
    let store: Store;
    let h: IfcHarness;
    let token: string;
    beforeAll(async () => {
      ({ store, h } = await openIfcHarness(target));
      token = (await h.login('samples')).token;
    });
    afterAll(async () => {
      await h.stop();
      await target.dispose(store);
    });

    it.each(Object.keys(files))(
      '%s',
      async (file) => {
        const want = files[file]!;
        const res = await upload(h, token, fs.readFileSync(path.join(SAMPLES, file)), file);
        expect(res.body.message).toBeDefined();
        expect(res.status).toBe(200);
        const project = (await (
          await fetch(`${h.baseUrl}/api/ifc/projects/${res.body.projectId}`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).json()) as { projectId: string; countsByType: Record<string, number>; elementCount: number };
        const got = Object.fromEntries(
          Object.entries(project.countsByType as Record<string, number>).map(([k, v]) => [
            k.toUpperCase(),
            v,
          ]),
        );
        expect(got).toEqual(want.productCountsByType);
        expect(project.elementCount).toBe(want.totalProducts);
        expect(
          await store.rows.countElements(
            project.projectId,
            (await store.projects.findById(project.projectId))!.version,
          ),
        ).toBe(want.totalProducts);
      },
      // FerretDB under a loaded CI machine took over 60 s for the larger samples (20 s idle): the bound is for a hang.
      180_000,
    );
  });
}
