import request from 'supertest';
import { DOOR_WINDOW_PARAMETERS, generateIfcFixture } from '@aec/ifc';
import { describeEachStore } from '../../test/store-fixtures';
import { openIfcHarness, upload, type IfcHarness } from '../../test/ifc-harness';
import type { Store } from '../../store/types';

const fixture = generateIfcFixture({ storeys: 1, bays: 2, schema: 'IFC2X3', doorWindowParameters: true });

describeEachStore('IFC feed: door and window lining and panel properties', (target) => {
  let store: Store;
  let h: IfcHarness;
  let token: string;
  let projectId: string;
  const bearer = () => ({ Authorization: `Bearer ${token}` });
  const root = () => `/api/ifc/odata/projects/${projectId}/`;

  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
    token = (await h.login('doorowner')).token;
    projectId = (await upload(h, token, fixture.text, 'doors.ifc').expect(200)).body.projectId;
    for (let tries = 0; ; tries++) {
      const res = await request(h.app).get(`${root()}IFCElementsWide/$count`).set(bearer());
      if (res.status === 200) break;
      if (tries > 200) throw new Error('the wide set was not built within 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('lists them in IFCProperties under a set named after the entity', async () => {
    const filter = `SetName eq 'IfcDoorLiningProperties' and PropertyName eq 'LiningDepth'`;
    const res = await request(h.app)
      .get(`${root()}IFCProperties?$filter=${encodeURIComponent(filter)}&$select=SetKind,NumericValue,Unit`)
      .set(bearer())
      .expect(200);
    expect(res.body.value.map(({ Id: _id, ...rest }: { Id: unknown }) => rest)).toEqual(
      Array.from({ length: fixture.counts.productsByType.IfcDoor ?? 0 }, () => ({
        SetKind: 'TypePropertySet',
        NumericValue: DOOR_WINDOW_PARAMETERS.doorLining.LiningDepth,
        Unit: 'mm',
      })),
    );
  });

  it('gives each of them a column of the wide set', async () => {
    const select = 'Name,IfcDoorLiningProperties_LiningDepth,IfcDoorPanelProperties_PanelOperation';
    const res = await request(h.app)
      .get(`${root()}IFCElementsWide?$filter=${encodeURIComponent("IfcType eq 'IfcDoor'")}&$select=${select}`)
      .set(bearer())
      .expect(200);
    expect(res.body.value).toHaveLength(fixture.counts.productsByType.IfcDoor ?? 0);
    for (const row of res.body.value) {
      expect(row).toMatchObject({
        IfcDoorLiningProperties_LiningDepth: DOOR_WINDOW_PARAMETERS.doorLining.LiningDepth,
        IfcDoorPanelProperties_PanelOperation: DOOR_WINDOW_PARAMETERS.doorPanel.PanelOperation,
      });
    }
  });
});
