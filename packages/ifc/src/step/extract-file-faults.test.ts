import { extractIfc } from '../extract';
import { generateIfcModel } from '../generate';
import { stepFile } from '../test-support/collect-rows';
import { withTempIfc } from '../test-support/temp-ifc';
import { extractIfcFile } from './extract-file';

const noop = () => undefined;

/** The error both extractors give for the same bytes: the streaming one must refuse a file exactly as today. */
async function bothRefuse(bytes: Uint8Array): Promise<{ code: string; message: string }> {
  const today = await extractIfc(bytes, { onBatch: noop }).then(
    () => null,
    (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
  );
  if (!today) throw new Error('web-ifc extraction accepted the file');
  const onBatch = jest.fn();
  await withTempIfc(bytes, (file) =>
    expect(extractIfcFile(file, { onBatch, chunkSize: 64 })).rejects.toMatchObject(today),
  );
  expect(onBatch).not.toHaveBeenCalled();
  return today;
}

describe('streaming extraction of files it must refuse', () => {
  it('an empty file', async () => {
    expect((await bothRefuse(new Uint8Array())).code).toBe('EMPTY_FILE');
  });

  it('random bytes and plain text', async () => {
    const bytes = Uint8Array.from({ length: 2048 }, (_, i) => (i * 31 + 7) % 256);
    expect((await bothRefuse(bytes)).code).toBe('NOT_STEP');
    expect((await bothRefuse(Buffer.from('name,type\nwall,IfcWall\n'))).code).toBe('NOT_STEP');
  });

  it('an unknown schema', async () => {
    expect((await bothRefuse(Buffer.from(stepFile('IFC5', [])))).code).toBe('UNSUPPORTED_SCHEMA');
  });

  it('a truncated file', async () => {
    const text = generateIfcModel({ storeys: 1, bays: 1, faults: { truncated: true } });
    expect((await bothRefuse(Buffer.from(text))).code).toBe('TRUNCATED');
  });

  it('a comment left open near the end: refused as truncated by both, saying where it opened', async () => {
    const text = stepFile('IFC4', ["#1=IFCWALL('g',$,$,$,$,$,$,$,$);", '/* left open']);
    expect(await bothRefuse(Buffer.from(text))).toEqual({
      code: 'TRUNCATED',
      message: expect.stringContaining(`'/*' at byte ${text.indexOf('/*') + 1} is never closed`),
    });
  });

  it('a comment left open far from the end: found while streaming, refused as truncated, saying where', async () => {
    // Further from the end than the header check looks (4 KB): only reading the file finds the comment open.
    const walls = Array.from({ length: 200 }, (_, i) => `#${i + 2}=IFCWALL('g${i}',$,$,$,$,$,$,$,$);`);
    const text = stepFile('IFC4', ["#1=IFCWALL('g',$,$,$,$,$,$,$,$); /* left open", ...walls]);
    const onBatch = jest.fn();
    await withTempIfc(Buffer.from(text), (file) =>
      expect(extractIfcFile(file, { onBatch, chunkSize: 64 })).rejects.toMatchObject({
        code: 'TRUNCATED',
        message: expect.stringContaining(`'/*' at byte ${text.indexOf('/*') + 1} is never closed`),
      }),
    );
    expect(onBatch).not.toHaveBeenCalled();
  });

  it('an unterminated string', async () => {
    const text = generateIfcModel({ storeys: 1, bays: 1, faults: { unterminatedString: true } });
    expect((await bothRefuse(Buffer.from(text))).code).toBe('OPEN_FAILED');
  });
});
