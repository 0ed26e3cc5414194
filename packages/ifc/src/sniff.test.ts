import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateIfcModel } from './generate';
import { IFC_SCHEMA_FAMILIES } from '@aec/contracts';
import { SUPPORTED_SCHEMAS_TEXT, schemaFamilyOf, webIfcSchemaAlias } from './schema-family';
import { sniffIfcData, sniffIfcFile } from './sniff';
import { stepFile } from './test-support/collect-rows';

const sniffText = (text: string) => sniffIfcData(Buffer.from(text, 'latin1'));

describe('sniffIfcData', () => {
  it('accepts a generated IFC4 model', () => {
    expect(sniffText(generateIfcModel({ storeys: 1, bays: 1 }))).toEqual({
      ok: true,
      schema: 'IFC4',
      family: 'IFC4',
      trailingBytes: 0,
      dataEnd: expect.any(Number),
    });
  });

  it('rejects an empty file', () => {
    expect(sniffIfcData(new Uint8Array())).toMatchObject({ ok: false, code: 'EMPTY_FILE' });
  });

  it('rejects random bytes as binary data', () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    const result = sniffIfcData(bytes);
    expect(result).toMatchObject({ ok: false, code: 'NOT_STEP' });
    expect(!result.ok && result.message).toContain('binary data');
  });

  it('rejects plain text', () => {
    const result = sniffText('Hello, this is a shopping list.\nEND-ISO-10303-21;\n');
    expect(result).toMatchObject({ ok: false, code: 'NOT_STEP' });
    expect(!result.ok && result.message).toContain('plain text');
  });

  it('names the formats IFC models also come in, and says what to do', () => {
    const model = generateIfcModel({ storeys: 1, bays: 1 });
    const messageOf = (bytes: Uint8Array) => {
      const result = sniffIfcData(bytes);
      expect(result).toMatchObject({ ok: false, code: 'NOT_STEP' });
      return result.ok ? '' : result.message;
    };
    const zip = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]),
      Buffer.alloc(200, 7),
    ]);
    expect(messageOf(zip)).toBe(
      "This is not an IFC file: it contains a ZIP archive instead of the STEP header 'ISO-10303-21;'. " +
        'If it is an .ifczip model, unzip it and upload the .ifc file inside.',
    );
    expect(messageOf(gzipSync(model))).toBe(
      "This is not an IFC file: it contains gzip-compressed data instead of the STEP header 'ISO-10303-21;'. " +
        'Decompress it and upload the .ifc file.',
    );
    const utf16 = [
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(model, 'utf16le')]),
      Buffer.from(model, 'utf16le'),
      Buffer.from(model, 'utf16le').swap16(),
    ];
    for (const bytes of utf16) expect(messageOf(bytes)).toContain('it contains UTF-16 text instead of');
    expect(messageOf(utf16[0]!)).toContain('save the file as UTF-8');
    const ifcXml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<ifcXML xmlns="http://www.buildingsmart-tech.org/ifcXML/IFC4/final">';
    expect(messageOf(Buffer.from(ifcXml))).toBe(
      "This is not an IFC file: it contains an ifcXML model instead of the STEP header 'ISO-10303-21;'. " +
        'Export the model as IFC (STEP, .ifc) instead.',
    );
    expect(messageOf(Buffer.from('<!doctype html><html><body>Sign in</body></html>'))).toBe(
      "This is not an IFC file: it contains XML or HTML instead of the STEP header 'ISO-10303-21;'.",
    );
  });

  it('rejects a STEP file without HEADER section', () => {
    expect(sniffText('ISO-10303-21;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n')).toMatchObject({
      ok: false,
      code: 'MISSING_HEADER',
    });
  });

  it('rejects a header without FILE_SCHEMA', () => {
    const text = stepFile('IFC4', []).replace(/FILE_SCHEMA.*\n/, '');
    const result = sniffText(text);
    expect(result).toMatchObject({ ok: false, code: 'MISSING_SCHEMA' });
    expect(!result.ok && result.message).toMatch(/FILE_SCHEMA/);
  });

  it.each(['IFC5', 'IFC2X2_FINAL', 'CONFIG_CONTROL_DESIGN'])(
    'rejects the unsupported schema %s naming it',
    (schema) => {
      const result = sniffText(stepFile(schema, []));
      expect(result).toMatchObject({ ok: false, code: 'UNSUPPORTED_SCHEMA' });
      expect(!result.ok && result.message).toContain(`'${schema}'`);
    },
  );

  it('rejects a truncated file (no END-ISO-10303-21; trailer)', () => {
    const text = generateIfcModel({ storeys: 1, bays: 1, faults: { truncated: true } });
    expect(sniffText(text)).toMatchObject({ ok: false, code: 'TRUNCATED' });
  });

  it('accepts a UTF-8 BOM, leading whitespace and trailing blank lines', () => {
    const text = `\uFEFF  \n${stepFile('IFC2X3', [])}\n\n  \n`;
    expect(sniffIfcData(Buffer.from(text, 'utf8'))).toEqual({
      ok: true,
      schema: 'IFC2X3',
      family: 'IFC2X3',
      trailingBytes: 0,
      dataEnd: expect.any(Number),
    });
  });

  it.each([
    ['a comment before the first token', (t: string) => `/* exported by hand */\n${t}`],
    ['a comment after the trailer', (t: string) => `${t.trimEnd()} /* end */\n/* really */\n`],
    [
      'a header comment holding ENDSEC;',
      (t: string) => t.replace('HEADER;', 'HEADER;\n/* not yet ENDSEC; */'),
    ],
    ['comment marks inside a header string', (t: string) => t.replace("FILE_NAME('", "FILE_NAME('C:/*/")],
    [
      'a header string holding ENDSEC;',
      (t: string) => t.replace("FILE_DESCRIPTION(('", "FILE_DESCRIPTION(('ENDSEC; "),
    ],
    [
      'a header string naming another FILE_SCHEMA, and doubled quotes',
      (t: string) => t.replace("FILE_DESCRIPTION(('", "FILE_DESCRIPTION(('it''s FILE_SCHEMA((''IFC2X3'')); "),
    ],
  ])('reads past comments and strings: %s', (_, write) => {
    const text = write(stepFile('IFC4', []));
    expect(text).not.toBe(stepFile('IFC4', []));
    expect(sniffText(text)).toEqual({
      ok: true,
      schema: 'IFC4',
      family: 'IFC4',
      trailingBytes: 0,
      dataEnd: expect.any(Number),
    });
  });

  it.each([
    ['NUL padding', '\0'.repeat(512), 512],
    ['a signature line', '\n-----SIGNATURE abc-----\n', 23],
    ['one stray byte', 'x', 1],
  ])('accepts bytes after the trailer (%s), counting them to be ignored', (_, after, count) => {
    const file = stepFile('IFC4', []);
    expect(sniffText(`${file}${after}`)).toEqual({
      ok: true,
      schema: 'IFC4',
      family: 'IFC4',
      trailingBytes: count,
      dataEnd: file.trimEnd().length,
    });
  });

  it('still finds a truncation behind a comment, and a schema only named inside a comment is none', () => {
    const truncated = generateIfcModel({ storeys: 1, bays: 1, faults: { truncated: true } });
    expect(sniffText(`${truncated}\n/* END-ISO-10303-21; */\n`)).toMatchObject({
      ok: false,
      code: 'TRUNCATED',
    });
    expect(sniffText(`${truncated}\n/* END-ISO-10303-21; */ signed\n`)).toMatchObject({
      ok: false,
      code: 'TRUNCATED',
    });
    const hidden = stepFile('IFC4', []).replace(/FILE_SCHEMA(.*)\n/, '/* FILE_SCHEMA$1 */\n');
    expect(sniffText(hidden)).toMatchObject({ ok: false, code: 'MISSING_SCHEMA' });
  });

  it.each([
    ['IFC4RC4', 'IFC4'],
    ['IFC2X_FINAL', 'IFC2X3'],
    ['IFC4X3_ADD2', 'IFC4X3'],
    ['IFC4X3_RC2', 'IFC4X3'],
    ['IFC4X3_TC1', 'IFC4X3'],
    ['IFC4X1', 'IFC4X1'],
    ['ifc4', 'IFC4'],
  ])('accepts %s as the %s family', (schema, family) => {
    expect(sniffText(stepFile(schema, []))).toEqual({
      ok: true,
      schema: schema.toUpperCase(),
      family,
      trailingBytes: 0,
      dataEnd: expect.any(Number),
    });
  });
});

describe('schema family helpers', () => {
  it('accepts every family the app advertises, and maps every accepted name onto one of them', () => {
    for (const family of IFC_SCHEMA_FAMILIES) expect(schemaFamilyOf(family)).toBe(family);
    const advertised: readonly string[] = IFC_SCHEMA_FAMILIES;
    for (const declared of ['IFC2X_FINAL', 'IFC4RC4', 'IFC4X2', 'IFC4X3_ADD2', 'IFC4X3_RC1', 'IFC4X3_TC1'])
      expect(advertised).toContain(schemaFamilyOf(declared));
    for (const family of IFC_SCHEMA_FAMILIES) expect(SUPPORTED_SCHEMAS_TEXT).toContain(family);
  });

  it('maps release and addendum names to their family', () => {
    expect(schemaFamilyOf('IFC4X3_ADD2')).toBe('IFC4X3');
    expect(schemaFamilyOf('IFC4X3_RC4')).toBe('IFC4X3');
    expect(schemaFamilyOf('IFC4X3_RC9')).toBeNull();
    expect(schemaFamilyOf('IFC4RC1')).toBe('IFC4');
    expect(schemaFamilyOf('IFC2X_FINAL')).toBe('IFC2X3');
    expect(schemaFamilyOf('IFC5')).toBeNull();
  });

  it('tells web-ifc another name only for the names it does not know: IFC4 release candidates, IFC4X3_TC1', () => {
    expect(webIfcSchemaAlias('IFC4RC4')).toBe('IFC4');
    expect(webIfcSchemaAlias('ifc4x3_tc1')).toBe('IFC4X3');
    expect(webIfcSchemaAlias('IFC4X3_ADD2')).toBeNull();
    expect(webIfcSchemaAlias('IFC2X_FINAL')).toBeNull();
    expect(webIfcSchemaAlias('IFC4X3_RC2')).toBeNull();
  });
});

describe('sniffIfcFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'aec-ifc-sniff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string | Uint8Array) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  it('reads head and tail of a file larger than the sniff window', async () => {
    const text = generateIfcModel({ storeys: 4, bays: 6 });
    expect(text.length).toBeGreaterThan(128 * 1024);
    await expect(sniffIfcFile(write('big.ifc', text))).resolves.toEqual({
      ok: true,
      schema: 'IFC4',
      family: 'IFC4',
      trailingBytes: 0,
      dataEnd: expect.any(Number),
    });
  });

  it('finds the truncation of a large file from its tail', async () => {
    const text = generateIfcModel({ storeys: 3, bays: 6, schema: 'IFC2X3' });
    const cut = text.slice(0, Math.floor(text.length * 0.7));
    await expect(sniffIfcFile(write('cut.ifc', cut))).resolves.toMatchObject({
      ok: false,
      code: 'TRUNCATED',
    });
  });

  it('reports an empty file', async () => {
    await expect(sniffIfcFile(write('empty.ifc', ''))).resolves.toMatchObject({
      ok: false,
      code: 'EMPTY_FILE',
    });
  });
});
