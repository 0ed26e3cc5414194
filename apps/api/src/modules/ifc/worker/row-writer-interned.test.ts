import Database from 'libsql';
import { flattenBatch, type FlatRowBatch, type PropertyRow } from '@aec/ifc';
import { propertyColumnNames } from '../../../store/row-columns';
import { DefNumbers, ELEMENT_SHAPE, PROPERTY_SHAPE } from '../../../store/sqlite/interned-rows';
import { SQLITE_ROW_ORDER } from '../../../store/sqlite/sqlite-row-repository';
import type { Store } from '../../../store/types';
import { elementRow, propertyRow } from '../../../test/row-fixtures';
import { ROW_WRITER_PROJECT as PROJECT, rowWriterFixture } from '../../../test/row-writer-fixture';
import type { StoredCounts } from './protocol';

/**
 * The row-writer thread given rows interned (interned-rows.ts): the rows it stores must equal those it stores from
 * the same rows sent whole, in the same order, whether or not numbering starts over between batches.
 */
const writers = rowWriterFixture();
const { startWriter } = writers;
let store: Store;
beforeEach(() => {
  store = writers.store;
});

/** Sends each batch interned to a writer of version 1 and whole to one of version 2, then drains and stops both. */
async function writeBothWays<Row>(
  batches: Row[][],
  interned: (batch: Row[]) => FlatRowBatch,
  whole: (batch: Row[]) => FlatRowBatch,
  stored: Partial<StoredCounts>,
): Promise<void> {
  const one = startWriter(1);
  const two = startWriter(2);
  for (const batch of batches) {
    one.send({ type: 'rows', rows: interned(batch) });
    two.send({ type: 'rows', rows: whole(batch) });
  }
  for (const w of [one, two]) {
    w.send({ type: 'end' });
    expect(await w.next('drained')).toMatchObject({ stored });
    w.control({ type: 'stop' });
    await w.exit;
    w.close();
  }
}

describe('row-writer thread: rows sent interned', () => {
  it.each([
    ['', undefined],
    [', numbering starting over between batches', 3],
  ])(
    'stores property rows sent with numbered definitions exactly as rows sent whole, in arrival order%s',
    async (_, maxRemembered) => {
      // Definitions that only a sound key tells apart: a colon and digits in names, none against the text 'null'.
      const tricky: Partial<PropertyRow>[] = [
        { SetName: null, PropertyName: 'Width', Unit: 'mm', NumericValue: 1, Value: '1' },
        { SetName: 'null', PropertyName: 'Width', Unit: 'mm' },
        { SetName: 'a', PropertyName: '1:b' },
        { SetName: 'a1:', PropertyName: 'b' },
        { SetName: 'Pset_ü ✓', PropertyName: 'Höhe', Unit: null, ValueType: null },
        { SetKind: 'QuantitySet', SetName: 'Qto', PropertyName: 'Width', Unit: 'mm', NumericValue: 2.5 },
        { SetKind: 'QuantitySet', SetName: 'Qto', PropertyName: 'Width', Unit: 'm', NumericValue: 2.5 },
      ];
      const rows = Array.from({ length: 150 }, (_, i) =>
        propertyRow(Math.floor(i / 3) + 1, { ...tricky[i % tricky.length], Value: `v${i}` }),
      );
      const numbers = new DefNumbers(PROPERTY_SHAPE, maxRemembered);
      await writeBothWays(
        [rows.slice(0, 70), rows.slice(70, 75), rows.slice(75)],
        (batch) => {
          const { values, defs } = numbers.flatten(batch);
          return { propertyValues: values, propertyDefs: defs };
        },
        (batch) => flattenBatch({ properties: batch }, SQLITE_ROW_ORDER),
        { properties: 150 },
      );
      const db = new Database(store.sqliteFile!, { readonly: true });
      try {
        const read = (version: number) =>
          db
            .prepare(
              `SELECT project_id, model_id, model_name, ${propertyColumnNames.map((c) => `"${c}"`).join(', ')}
             FROM ifc_properties WHERE version = ? ORDER BY "Id"`,
            )
            .all(version);
        const stored = read(1);
        expect(stored).toEqual(read(2));
        expect(stored.map((r) => (r as { Value: string }).Value)).toEqual(rows.map((r) => r.Value));
        expect(stored[0]).toMatchObject({ SetName: null, Unit: 'mm', NumericValue: 1 });
        expect(stored[1]).toMatchObject({ SetName: 'null' });
      } finally {
        db.close();
      }
    },
  );

  it.each([
    ['', undefined],
    [', numbering starting over between batches', 2],
  ])(
    'stores element rows sent with numbered definitions exactly as rows sent whole%s',
    async (_, maxRemembered) => {
      // Repeated and missing GlobalIds (keys numbered #2, or made from the ExpressId), booleans, -0, unicode.
      const elements = Array.from({ length: 140 }, (_, i) =>
        elementRow(1000 - i * 7, {
          GlobalId: i === 5 || i === 9 ? 'gTwice' : i === 7 ? null : `g${i}`,
          IfcType: i % 3 ? 'IfcWall' : 'IfcDoor',
          Storey: `Ébene ${i % 4} ✓`,
          StoreyElevation: i % 4 === 0 ? -0 : i % 4,
          IsExternal: i % 2 === 0 ? true : i % 5 === 0 ? null : false,
          Name: `Wall ${i}`,
          Length: i % 2 ? i * 0.5 : null,
          ...(i % 2 ? { PropertyFingerprint: `fp${i % 7}` } : {}),
        }),
      );
      const numbers = new DefNumbers(ELEMENT_SHAPE, maxRemembered);
      await writeBothWays(
        [elements.slice(0, 70), elements.slice(70, 72), elements.slice(72)],
        (batch) => {
          const { values, defs } = numbers.flatten(batch);
          return { elementValues: values, elementDefs: defs };
        },
        (batch) => flattenBatch({ elements: batch }, SQLITE_ROW_ORDER),
        { elements: 140 },
      );
      const read = async (version: number) => {
        const rows = [];
        for await (const { VersionNumber: _, ChangedAt: __, ...row } of store.rows.streamElements(
          PROJECT,
          version,
        ))
          rows.push(row);
        return rows;
      };
      const stored = await read(1);
      expect(stored).toEqual(await read(2));
      expect(stored.map((r) => r.Id)).toEqual(
        expect.arrayContaining([`${PROJECT}:gTwice`, `${PROJECT}:gTwice#2`, `${PROJECT}:~951`]),
      );
      expect(stored.find((r) => r.ExpressId === 1000)).toMatchObject({
        IsExternal: true,
        Storey: 'Ébene 0 ✓',
      });
    },
  );

  it('refuses a property row whose definition was never sent, storing none of its batch', async () => {
    const w = startWriter(2);
    const { values } = new DefNumbers(PROPERTY_SHAPE).flatten([propertyRow(1), propertyRow(2)]);
    w.send({ type: 'rows', rows: { propertyValues: values } });
    expect(await w.next('error')).toMatchObject({ message: expect.stringMatching(/definition never sent/) });
    await w.exit;
    w.close();
    expect(await store.rows.countAll(PROJECT, 2)).toEqual({ elements: 0, properties: 0, spatial: 0 });
  });
});
