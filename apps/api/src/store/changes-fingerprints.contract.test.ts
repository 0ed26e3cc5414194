import { propertyFingerprint, type ElementRow, type ExtractedElementRow, type PropertyRow } from '@aec/ifc';
import { changesFixture, prop, version1, version2, wall } from '../test/change-fixtures';
import { describeEachStore } from '../test/store-fixtures';

/** Element rows as the extraction worker hands them over: each with the fingerprint of its property rows. */
function fingerprinted(elements: ElementRow[], properties: PropertyRow[]): ExtractedElementRow[] {
  return elements.map((e) => ({
    ...e,
    PropertyFingerprint: propertyFingerprint(properties.filter((p) => p.ElementExpressId === e.ExpressId)),
  }));
}

/** An element row carrying the given fingerprint, whatever its property rows. */
const printed = (row: ElementRow, fingerprint: string): ExtractedElementRow => ({
  ...row,
  PropertyFingerprint: fingerprint,
});

/** The summary of version 2 against version 1 (change-fixtures.ts), however its fingerprints are had. */
const expected = {
  added: 1,
  removed: 1,
  modified: 2,
  propertyValuesChanged: 5,
  commonElements: 5,
};

// The property fingerprints stored with element rows (from the extraction worker) decide which elements have their
// property values read and compared; versions stored before them have theirs collected from the property rows.
describeEachStore(
  'store contract: what changed between versions — stored property fingerprints',
  (target) => {
    // FerretDB (the MongoDB-compatible server tests run against) takes seconds per thousand rows on a busy machine.
    if (target.name === 'mongodb') jest.setTimeout(180_000);
    const c = changesFixture(target);
    const { newProject, upload, read } = c;

    it('finds the same changes from stored fingerprints as from the property rows', async () => {
      const projectId = await newProject();
      const v1 = await upload(
        projectId,
        fingerprinted(version1.elements, version1.properties),
        version1.properties,
      );
      const v2 = await upload(
        projectId,
        fingerprinted(version2.elements, version2.properties),
        version2.properties,
      );
      expect(await c.store.rows.computeChanges(projectId, v2.version, v1.version)).toMatchObject(expected);
      expect(
        (
          await read(
            'IFCPropertyChanges',
            projectId,
            '$select=GlobalId,PropertyName,ChangeType,OldValue,NewValue',
          )
        ).length,
      ).toBe(5);
    });

    it('compares a version stored before fingerprints with one that has them by their values', async () => {
      const projectId = await newProject();
      const v1 = await upload(projectId, version1.elements, version1.properties);
      const v2 = await upload(
        projectId,
        fingerprinted(version2.elements, version2.properties),
        version2.properties,
      );
      expect(await c.store.rows.computeChanges(projectId, v2.version, v1.version)).toMatchObject(expected);
    });

    it('reads property values only of elements whose stored fingerprints differ', async () => {
      const projectId = await newProject();
      const properties1 = [
        prop(1, 'same-print', { SetName: 'Pset', PropertyName: 'Fire', Value: 'F30' }),
        prop(2, 'other-print', { SetName: 'Pset', PropertyName: 'Fire', Value: 'F30' }),
      ];
      const properties2 = [
        prop(1, 'same-print', { SetName: 'Pset', PropertyName: 'Fire', Value: 'F90' }),
        prop(2, 'other-print', { SetName: 'Pset', PropertyName: 'Fire', Value: 'F90' }),
      ];
      const v1 = await upload(
        projectId,
        [
          printed(wall(1, { GlobalId: 'same-print' }), 'print-1'),
          printed(wall(2, { GlobalId: 'other-print' }), 'print-2'),
        ],
        properties1,
      );
      // The first element's values changed although its stored fingerprint says not: the fingerprint is what the
      // step goes by (the worker computes it from exactly these values), so it is not read.
      const v2 = await upload(
        projectId,
        [
          printed(wall(1, { GlobalId: 'same-print' }), 'print-1'),
          printed(wall(2, { GlobalId: 'other-print' }), 'print-2b'),
        ],
        properties2,
      );
      expect(await c.store.rows.computeChanges(projectId, v2.version, v1.version)).toMatchObject({
        modified: 1,
        propertyValuesChanged: 1,
        commonElements: 2,
      });
      expect(await read('IFCPropertyChanges', projectId, '$select=GlobalId,OldValue,NewValue')).toEqual([
        { GlobalId: 'other-print', OldValue: 'F30', NewValue: 'F90' },
      ]);
    });
  },
);
