import { countByType, extractText } from '../test-support/collect-rows';
import { diffExtractions } from '../test-support/revision-diff';
import { generateIfcFixture } from './generate-model';
import { generateIfcRevision } from './generate-revision';
import type { ExpectedChange } from './revision-types';

/** Property changes in a stable order: the manifest lists them by edit, the diff by set. */
function normalised(changes: ExpectedChange[]): ExpectedChange[] {
  return changes.map((c) => ({
    ...c,
    propertyChanges: [...c.propertyChanges].sort((a, b) =>
      `${a.setName}/${a.propertyName}`.localeCompare(`${b.setName}/${b.propertyName}`),
    ),
  }));
}

describe('generateIfcRevision', () => {
  const model = { storeys: 3, bays: 3, seed: 7 };
  const revision = { added: 5, removed: 4, modified: 21, seed: 11 };

  it('writes version 2 whose extracted difference to version 1 is exactly the manifest', async () => {
    const base = generateIfcFixture(model);
    const next = generateIfcRevision(model, revision);
    const [v1, v2] = await Promise.all([extractText(base.text), extractText(next.text)]);

    expect(normalised(diffExtractions(v1, v2))).toEqual(normalised(next.manifest.changes));

    const m = next.manifest;
    const of = (type: ExpectedChange['changeType']) => m.changes.filter((c) => c.changeType === type);
    expect([of('Added').length, of('Removed').length, of('Modified').length]).toEqual([5, 4, 21]);
    expect([m.added, m.removed, m.modified]).toEqual([5, 4, 21]);
    expect(m.propertyValuesChanged).toBe(of('Modified').reduce((n, c) => n + c.propertyChanges.length, 0));
    expect(m.baseProducts).toBe(v1.elements.length);
    expect(m.revisedProducts).toBe(v2.elements.length);
    expect(m.commonElements).toBe(v1.elements.length - 4);
    expect(countByType(v2.elements)).toEqual(next.counts.productsByType);
  });

  it('stays exact when every element of the model is removed or modified', async () => {
    const wide = { storeys: 4, bays: 8, seed: 3 };
    const many = { added: 40, removed: 100, modified: 160, seed: 5 };
    const next = generateIfcRevision(wide, many);
    const [v1, v2] = await Promise.all([extractText(generateIfcFixture(wide).text), extractText(next.text)]);
    expect(normalised(diffExtractions(v1, v2))).toEqual(normalised(next.manifest.changes));
    expect([next.manifest.added, next.manifest.removed, next.manifest.modified]).toEqual([40, 100, 160]);
  });

  it('covers every kind of change: names, object types, storeys, property values changed, added and removed', () => {
    const { manifest } = generateIfcRevision(model, revision);
    const modified = manifest.changes.filter((c) => c.changeType === 'Modified');
    const columns = new Set(modified.flatMap((c) => c.changedColumns));
    for (const column of ['Name', 'ObjectType', 'Storey', 'StoreyElevation'])
      expect(columns).toContain(column);
    const kinds = new Set(modified.flatMap((c) => c.propertyChanges.map((p) => p.changeType)));
    expect([...kinds].sort()).toEqual(['Added', 'Modified', 'Removed']);
    // some elements change only property values, which no element column shows
    expect(modified.some((c) => c.changedColumns.length === 0 && c.propertyChanges.length > 0)).toBe(true);
    // and some names carry non-ASCII text, which the STEP writer encodes
    expect(modified.some((c) => /[^\x20-\x7e]/.test(c.name ?? ''))).toBe(true);
  });

  it('keeps the GlobalId and the text of every unchanged element line', () => {
    const base = generateIfcFixture(model).text;
    const { text, manifest } = generateIfcRevision(model, revision);
    const touched = new Set(manifest.changes.map((c) => c.globalId));
    const products = (t: string) =>
      new Map(
        [
          ...t.matchAll(
            /^#\d+=(IFC(?:WALL|SLAB|BEAM|COLUMN|DOOR|WINDOW|SPACE|FURNITURE)\('([^']{22})'.*)$/gm,
          ),
        ].map((m) => [m[2] ?? '', (m[1] ?? '').replace(/#\d+/g, '#')]),
      );
    const before = products(base);
    const after = products(text);
    let unchanged = 0;
    for (const [guid, line] of before) {
      if (touched.has(guid)) continue;
      expect(after.get(guid)).toBe(line);
      unchanged++;
    }
    expect(unchanged).toBeGreaterThan(before.size / 2);
  });

  it('is deterministic for a seed and picks other elements with another seed', () => {
    const a = generateIfcRevision(model, revision);
    expect(generateIfcRevision(model, revision).text).toBe(a.text);
    const b = generateIfcRevision(model, { ...revision, seed: 12 });
    expect(b.manifest.changes.map((c) => c.globalId)).not.toEqual(a.manifest.changes.map((c) => c.globalId));
  });

  it('works for IFC2X3 models too', async () => {
    const options = { ...model, schema: 'IFC2X3' as const };
    const [v1, v2] = await Promise.all([
      extractText(generateIfcFixture(options).text),
      extractText(generateIfcRevision(options, revision).text),
    ]);
    expect(normalised(diffExtractions(v1, v2))).toEqual(
      normalised(generateIfcRevision(options, revision).manifest.changes),
    );
  });

  it('refuses more changes than the model has elements for, saying how many fit', () => {
    expect(() =>
      generateIfcRevision({ storeys: 1, bays: 1 }, { added: 0, removed: 50, modified: 0 }),
    ).toThrow(/removed: at most \d+/);
    expect(() => generateIfcRevision(model, { added: -1, removed: 0, modified: 0 })).toThrow(/added/);
  });
});
