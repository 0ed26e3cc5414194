import { IFC_SCHEMA_FAMILIES, IFC_SCHEMA_LABELS } from '@aec/contracts';
import {
  estimatedElements,
  estimatedMinutes,
  isIfcFileName,
  MAX_FILE_BYTES,
  statusText,
  SUPPORTED_VERSIONS_TEXT,
} from './file-rules';

describe('connector file rules', () => {
  it('names every schema family the server accepts, IFC4x3 included', () => {
    for (const family of IFC_SCHEMA_FAMILIES)
      expect(SUPPORTED_VERSIONS_TEXT).toContain(IFC_SCHEMA_LABELS[family]);
  });

  it('accepts .ifc in any case and nothing else', () => {
    expect(['a.ifc', 'B.IFC', 'c.Ifc'].every(isIfcFileName)).toBe(true);
    expect(['a.ifcxml', 'a.ifc.zip', 'ifc', 'a.txt'].some(isIfcFileName)).toBe(false);
  });

  it('estimates elements as floor(bytes / 1000) and minutes as ceil(MB)', () => {
    expect(estimatedElements(123_999)).toBe(123);
    expect(estimatedMinutes(1)).toBe(1);
    expect(estimatedMinutes(1024 * 1024)).toBe(1);
    expect(estimatedMinutes(1024 * 1024 + 1)).toBe(2);
    expect(MAX_FILE_BYTES).toBe(104_857_600);
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
