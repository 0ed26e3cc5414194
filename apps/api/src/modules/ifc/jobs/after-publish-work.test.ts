import pino from 'pino';
import type { Store } from '../../../store/types';
import { AfterPublishWork } from './after-publish-work';

describe('post-publish work: which versions it is preparing', () => {
  it('names a version from the start of its step to its end, and no other', async () => {
    let finishBuild: () => void = () => undefined;
    const building = new Promise<void>((resolve) => (finishBuild = resolve));
    const store = {
      rows: {
        buildWideElements: jest.fn(() => building.then(() => null)),
        wideCatalog: jest.fn(async () => ({ columns: [] })),
      },
    } as unknown as Store;
    const work = new AfterPublishWork(store, pino({ level: 'silent' }), 0);
    work.prepare('proj_a', 3);
    expect(work.busyWith('proj_a', 3)).toBe(true);
    expect(work.busyWith('proj_a', 2)).toBe(false);
    expect(work.busyWith('proj_b', 3)).toBe(false);
    finishBuild();
    await building;
    // the step's end (the catalog looked up) settles a few ticks after the build
    for (let i = 0; i < 20 && work.busyWith('proj_a', 3); i++) await new Promise((r) => setImmediate(r));
    expect(work.busyWith('proj_a', 3)).toBe(false);
    expect(store.rows.wideCatalog).toHaveBeenCalledWith('proj_a', 3);
  });
});
