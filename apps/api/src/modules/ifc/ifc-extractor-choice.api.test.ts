import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import { openIfcHarness, readEvents, upload, type IfcHarness } from '../../test/ifc-harness';
import { storeTargets } from '../../test/store-fixtures';
import type { Store } from '../../store/types';

const sqlite = storeTargets.find((t) => t.name === 'sqlite')!;
const fixture = generateIfcFixture({
  storeys: 1,
  bays: 2,
  doorWindowParameters: true,
  faults: { encodingFaults: true },
});

interface Published {
  messages: string[];
  elements: unknown[];
  properties: unknown[];
}

/** Uploads the fixture to a server started with `overrides` and reads back its log and rows (without store ids). */
async function publish(overrides: Record<string, string>): Promise<Published> {
  let store: Store | undefined;
  let h: IfcHarness | undefined;
  try {
    ({ store, h } = await openIfcHarness(sqlite, overrides));
    const { token } = await h.login('extractor');
    const accepted = await upload(h, token, fixture.text, 'faults.ifc', false).expect(202);
    const events = await readEvents(h, accepted.body.jobId, token);
    expect(events.at(-1)?.event).toBe('complete');
    const root = `/api/ifc/odata/projects/${accepted.body.projectId}/`;
    const rows = async (set: string, orderby: string) => {
      const res = await request(h!.app)
        .get(`${root}${set}?$orderby=${orderby}&$top=10000`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      return res.body.value.map(
        ({ Id: _id, ProjectId: _p, ModelId: _m, ChangedAt: _c, ...rest }: Record<string, unknown>) => rest,
      );
    };
    return {
      messages: events.map((e) => String(e.data.message)),
      elements: await rows('IFCElements', 'ExpressId'),
      properties: await rows('IFCProperties', 'ElementExpressId,SetName,PropertyName'),
    };
  } finally {
    await h?.stop();
    if (store) await sqlite.dispose(store);
  }
}

describe('IFC_EXTRACTOR: which extractor reads an upload', () => {
  it('streams the file from disk by default and publishes the same rows and warnings as web-ifc (IFC_EXTRACTOR=web-ifc)', async () => {
    const streamed = await publish({});
    const reference = await publish({ IFC_EXTRACTOR: 'web-ifc' });
    // read from disk, or (the server idle as the upload began) by the spare worker while the upload arrived
    expect(streamed.messages.join('\n')).toMatch(
      /found, (streaming \d+ bytes from disk|\d+ bytes read while the upload arrived)/,
    );
    expect(reference.messages.join('\n')).toMatch(/found, parsing \d+ bytes/);
    expect(reference.messages.join('\n')).not.toMatch(/streaming/);
    expect(streamed.elements).toHaveLength(fixture.counts.totalProducts);
    expect(streamed.elements).toEqual(reference.elements);
    expect(streamed.properties.length).toBeGreaterThan(fixture.counts.totalProducts);
    expect(streamed.properties).toEqual(reference.properties);
    const warnings = (m: string[]) => m.filter((line) => line.startsWith('Warning:'));
    expect(warnings(streamed.messages)).toHaveLength(3);
    expect(warnings(streamed.messages)).toEqual(warnings(reference.messages));
  }, 120_000);
});
