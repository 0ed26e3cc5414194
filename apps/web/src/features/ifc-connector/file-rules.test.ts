import { IFC_SCHEMA_FAMILIES, IFC_SCHEMA_LABELS } from '@aec/contracts';
import { isIfcFileName, statusText, SUPPORTED_VERSIONS_TEXT } from './file-rules';

describe('connector file rules', () => {
  it('names every schema family the server accepts, IFC4x3 included', () => {
    for (const family of IFC_SCHEMA_FAMILIES)
      expect(SUPPORTED_VERSIONS_TEXT).toContain(IFC_SCHEMA_LABELS[family]);
  });

  it('accepts .ifc in any case and nothing else', () => {
    expect(['a.ifc', 'B.IFC', 'c.Ifc'].every(isIfcFileName)).toBe(true);
    expect(['a.ifcxml', 'a.ifc.zip', 'ifc', 'a.txt'].some(isIfcFileName)).toBe(false);
  });

  it('words the status by the §4 thresholds, paused first', () => {
    expect(statusText(24, false)).toBe('Parsing IFC structure...');
    expect(statusText(25, false)).toBe('Extracting building elements...');
    expect(statusText(50, false)).toBe('Processing properties and relationships...');
    expect(statusText(75, false)).toBe('Generating OData endpoint...');
    expect(statusText(100, false)).toBe('Processing complete!');
    expect(statusText(60, true)).toBe('Processing paused');
  });
});
