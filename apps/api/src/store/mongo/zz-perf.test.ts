import { randomUUID } from 'node:crypto';
import { storeTargets } from '../../test/store-fixtures';
import { elementRow, propertyRow } from '../../test/row-fixtures';

const target = storeTargets.find((t) => t.name === 'mongodb')!;
it('perf', async () => {
  const store = await target.open();
  const owner = await store.users.create({ username: 'perf', email: 'p@x.io', passwordHash: 'h' });
  const p = await store.projects.create({
    id: randomUUID(),
    ownerId: owner.id,
    isPublic: false,
    name: 'n',
    fileName: 'f',
    fileSize: 1,
    schema: null,
  });
  const v = await store.projects.nextVersion(p.id);
  const N = 20000;
  const els = Array.from({ length: N }, (_, i) =>
    elementRow(i + 1, { Name: 'Wall ' + i, Height: i, LoadBearing: true }),
  );
  const props = Array.from({ length: N * 3 }, (_, i) => propertyRow((i % N) + 1));
  let t = performance.now();
  for (let i = 0; i < N; i += 2000)
    await store.rows.insertBatch(p.id, v, {
      elements: els.slice(i, i + 2000),
      properties: props.slice(i * 3, i * 3 + 6000),
    });
  const ins = performance.now() - t;
  t = performance.now();
  let n = 0;
  for await (const _ of store.rows.streamElements(p.id, v)) n++;
  const str = performance.now() - t;
  console.log({ rows: N * 4, insertMs: ins, rowsPerSec: (N * 4) / (ins / 1000), streamed: n, streamMs: str });
  await target.dispose(store);
}, 300000);
