import request from 'supertest';
import { generateIfcFixture } from '@aec/ifc';
import type { Store } from '../store/types';
import { openIfcHarness, upload, type IfcHarness } from './ifc-harness';
import type { StoreTarget } from './store-fixtures';

export interface FeedHarness {
  store: Store;
  h: IfcHarness;
  token: string;
  projectId: string;
  /** GET below /api/ifc/odata/ as the project's owner. */
  feed(path: string): request.Test;
  stop(): Promise<void>;
}

/** A running app with one small processed model owned by a fresh user, for OData protocol tests. */
export async function openFeedHarness(
  target: StoreTarget,
  overrides: Record<string, string> = {},
): Promise<FeedHarness> {
  const { store, h } = await openIfcHarness(target, overrides);
  const { token } = await h.login('protocol');
  const fixture = generateIfcFixture({ storeys: 2, bays: 2, seed: 3 });
  const projectId = (await upload(h, token, fixture.text, 'protocol.ifc').expect(200)).body
    .projectId as string;
  return {
    store,
    h,
    token,
    projectId,
    feed: (path) => request(h.app).get(`/api/ifc/odata/${path}`).set('Authorization', `Bearer ${token}`),
    async stop() {
      await h.stop();
      await target.dispose(store);
    },
  };
}

/** The wide element set is built right after the model is ready: wait for it as a client would (503 meanwhile). */
export async function waitForWideSet(f: FeedHarness): Promise<void> {
  for (let tries = 0; ; tries++) {
    const res = await f.feed(`projects/${f.projectId}/IFCElementsWide/$count`);
    if (res.status === 200) return;
    if (res.status !== 503 || tries > 200) throw new Error(`the wide set is not ready: ${res.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
