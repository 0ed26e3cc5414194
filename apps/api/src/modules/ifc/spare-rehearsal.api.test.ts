import fs from 'node:fs';
import path from 'node:path';
import { generateIfcFixture } from '@aec/ifc';
import { upload, useIfcHarness, type IfcHarness } from '../../test/ifc-harness';
import { storeTargets } from '../../test/store-fixtures';
import { held } from '../../test/until';

const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
const fixture = generateIfcFixture({ storeys: 2, bays: 3, seed: 23 });

/** Rehearsal files live for a moment: look every 2 ms. */
const seen = (check: () => boolean, ms = 20_000) => held(check, { ms, everyMs: 2 });

describe('the next job’s worker rehearsing while the server is idle (IFC_SPARE_REHEARSAL)', () => {
  const harness = useIfcHarness(sqlite);

  const rehearsalFiles = (h: IfcHarness) => {
    const work = path.join(h.dataDir, 'work');
    return fs.existsSync(work) ? fs.readdirSync(work).filter((n) => n.startsWith('rehearsal-')) : [];
  };

  it('starts once a job and its post-publish step are done, ends on its own, and the next upload is exact', async () => {
    const { store, h } = await harness.open({ IFC_SPARE_REHEARSAL: 'true' });
    const { token } = await h.login('rehearsal');
    const first = await upload(h, token, fixture.text, 'first.ifc');
    expect(first.status).toBe(200);
    // its file appears in DATA_DIR/work while it runs, and is removed when it ends
    expect(await seen(() => rehearsalFiles(h).length > 0)).toBe(true);
    expect(await seen(() => rehearsalFiles(h).length === 0)).toBe(true);
    const second = await upload(h, token, fixture.text, 'second.ifc');
    expect(second.status).toBe(200);
    // the rehearsed worker's job stores what the first (cold) one stored
    expect(second.body.elementCount).toBe(fixture.counts.totalProducts);
    const counts = async (body: { projectId: string }) => store.rows.countAll(body.projectId, 1);
    const stored = await counts(first.body);
    expect(stored.properties).toBeGreaterThan(0);
    expect(await counts(second.body)).toEqual(stored);
  });

  it('does not run when turned off', async () => {
    const { h } = await harness.open({ IFC_SPARE_REHEARSAL: 'false' });
    const { token } = await h.login('no_rehearsal');
    expect((await upload(h, token, fixture.text)).status).toBe(200);
    expect(await seen(() => rehearsalFiles(h).length > 0, 1500)).toBe(false);
  });
});
