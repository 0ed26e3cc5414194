import { randomUUID } from 'node:crypto';
import { elementId } from '../../../store/row-columns';
import { ROWS_PER_STATEMENT } from '../../../store/sqlite/sqlite-row-repository';
import type { Store, StoredElementRow } from '../../../store/types';
import { elementRow, propertyRow, spatialRow } from '../../../test/row-fixtures';
import { describeEachStore } from '../../../test/store-fixtures';

/**
 * SQLite stores rows with multi-row INSERT statements of ROWS_PER_STATEMENT rows plus one for the remainder; the
 * flat values are bound by position. Every row must come back exactly, whatever the batch's size.
 */
describeEachStore('row inserts: batches of any size store every row exactly', (target) => {
  let store: Store;
  let projectId: string;
  beforeAll(async () => {
    store = await target.open();
    const owner = await store.users.create({
      username: `rows_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@x.io`,
      passwordHash: 'h',
    });
    projectId = `p_${randomUUID()}`;
    await store.projects.create({
      id: projectId,
      ownerId: owner.id,
      isPublic: false,
      name: 'Rows',
      fileName: 'rows.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
  });
  afterAll(() => target.dispose(store));

  // Three full statements and a remainder of 17, ExpressIds out of order and of every width.
  const count = ROWS_PER_STATEMENT * 3 + 17;
  const elements = Array.from({ length: count }, (_, i) =>
    elementRow(i === 0 ? 7 : i === 1 ? 1_234_567_890 : 100_000 - i * 31, {
      Name: i % 5 ? `Wall "${i}" l'été ✓` : null,
      IsExternal: i % 3 === 0 ? true : i % 3 === 1 ? false : null,
      LoadBearing: i % 2 === 0,
      FireExit: null,
      Length: i % 4 ? i * 0.1 + 1e-9 : null,
      StoreyElevation: -i * 1.5 - 0.25,
      Storey: `Level ${i % 4}`,
    }),
  );

  it('stores each element with every column and its key', async () => {
    await store.rows.insertBatch(projectId, 1, {
      elements,
      properties: Array.from({ length: ROWS_PER_STATEMENT + 1 }, (_, i) =>
        propertyRow(i + 1, { NumericValue: i / 7, Value: String(i / 7) }),
      ),
      spatial: [spatialRow(1), spatialRow(2, { Elevation: 3.25 }), spatialRow(3)],
    });
    const stored: StoredElementRow[] = [];
    for await (const row of store.rows.streamElements(projectId, 1)) stored.push(row);
    // Keys: the model (here the project's default one, id = project id) and the GlobalId; MongoDB keeps the
    // ExpressId key until its models land.
    const keyOf = (row: (typeof elements)[number]) =>
      target.name === 'sqlite' ? `${projectId}:${row.GlobalId}` : elementId(projectId, row.ExpressId);
    const expected = [...elements]
      .sort((a, b) => a.ExpressId - b.ExpressId)
      .map((row) => ({ ...row, Id: keyOf(row), ProjectId: projectId }));
    const columns = (row: StoredElementRow) => {
      const { ModelId, ModelName, VersionNumber, ChangedAt, ...rest } = row;
      if (target.name === 'sqlite')
        expect([ModelId, ModelName, VersionNumber, typeof ChangedAt]).toEqual([
          projectId,
          'Rows',
          1,
          'string',
        ]);
      return rest;
    };
    expect(stored.map(columns).sort((a, b) => a.ExpressId - b.ExpressId)).toEqual(expected);
    expect(await store.rows.countAll(projectId, 1)).toEqual({
      elements: count,
      properties: ROWS_PER_STATEMENT + 1,
      spatial: 3,
    });
  });

  it('stores batches of exactly one statement, of one row, and of nothing', async () => {
    for (const size of [ROWS_PER_STATEMENT, 1, 0]) {
      await store.rows.insertBatch(projectId, 2, {
        properties: Array.from({ length: size }, (_, i) => propertyRow(size * 1000 + i)),
      });
    }
    expect((await store.rows.countAll(projectId, 2)).properties).toBe(ROWS_PER_STATEMENT + 1);
  });
});
