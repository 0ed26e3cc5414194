import request from 'supertest';
import { describeEachStore } from '../../test/store-fixtures';
import { openIfcHarness, type IfcHarness } from '../../test/ifc-harness';
import { elementRow } from '../../test/row-fixtures';
import { publishedProject } from '../../test/published-project';
import type { Store } from '../../store/types';

/**
 * IFCElementsWide of a published version whose wide set is not built yet (it is built just after the publish):
 * 503 with Retry-After, so a client that honours it asks again in seconds instead of failing the refresh.
 */
describeEachStore('OData: the wide set while it is prepared', (target) => {
  let h: IfcHarness;
  let store: Store;
  beforeAll(async () => {
    ({ store, h } = await openIfcHarness(target));
  }, 120_000);
  afterAll(async () => {
    await h.stop();
    await target.dispose(store);
  });

  it('answers 503 ServiceUnavailable with Retry-After: 5 and says the set is being prepared', async () => {
    const owner = await h.login('widepending');
    // Published through the store: nothing builds the wide set (a job's post-publish step would).
    const projectId = await publishedProject(store, owner.user.id, [elementRow(1), elementRow(2)]);
    const res = await request(h.app)
      .get(`/api/ifc/odata/projects/${projectId}/IFCElementsWide`)
      .set('Authorization', `Bearer ${owner.token}`)
      .expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      error: {
        code: 'ServiceUnavailable',
        message: 'IFCElementsWide is still being prepared for this project. Try again in a moment.',
        target: 'IFCElementsWide',
      },
    });
    // The other sets serve the version meanwhile.
    await request(h.app)
      .get(`/api/ifc/odata/projects/${projectId}/IFCElements/$count`)
      .set('Authorization', `Bearer ${owner.token}`)
      .expect(200, '2');
  });
});
