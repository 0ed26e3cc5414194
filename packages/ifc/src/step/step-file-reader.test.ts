import { generateIfcModel } from '../generate';
import { stepFile } from '../test-support/collect-rows';
import { withTempIfc } from '../test-support/temp-ifc';
import { type StepEntitySink, readStepFile } from './step-file-reader';

interface Seen {
  entities: Array<[number, string, string]>;
  blocks: Buffer[];
}

async function read(text: string, chunkSize?: number): Promise<Seen> {
  const seen: Seen = { entities: [], blocks: [] };
  const sink: StepEntitySink = {
    entity: (id, type, bytes, start, end) =>
      seen.entities.push([id, type, bytes.toString('latin1', start, end)]),
    block: (bytes) => seen.blocks.push(Buffer.from(bytes)),
  };
  await withTempIfc(text, (file) => readStepFile(file, sink, { chunkSize }));
  return seen;
}

const ODD_RECORDS = [
  "#1= IFCWALL('g;1',$,'it''s; (not) the end',$,$,$,$,$,$);",
  "/* a comment between records; with a quote ' and #2=X(); */",
  "#2 =IFCPROPERTYSINGLEVALUE('a',/* inline; */$,IFCLABEL('\\X2\\00E9\\X0\\;'),$) ;",
  '#3=(IFCA(1)IFCB(2));',
  "#10 = IFCLABEL ( 'spaced' );",
];

describe('readStepFile (chunked ISO 10303-21 reading)', () => {
  it('names records right past the number of type names it keeps (a file of thousands of made-up types)', async () => {
    const records = Array.from({ length: 5000 }, (_, i) => `#${i + 1}=IfcMadeUp${i}();`);
    const seen = await read(stepFile('IFC4', [...records, '#9000=ifcmadeup4999();']));
    expect(seen.entities.map(([, type]) => type)).toEqual([
      ...Array.from({ length: 5000 }, (_, i) => `IFCMADEUP${i}`),
      'IFCMADEUP4999',
    ]);
  });

  it('names each record’s type in upper case, however it is written, also when two names share a hash', async () => {
    // 'B0' and 'AO' hash alike (66·31 + 48 = 65·31 + 79): the reader keeps its names by hash and must tell them apart
    const seen = await read(
      stepFile('IFC4', [
        '#1=IFCB0();',
        '#2=IFCAO();',
        '#3=ifcb0();',
        '#4=IfcWall ();',
        '#5=IFCAO();',
        '#6=IFCWALL();',
      ]),
    );
    expect(seen.entities.map(([id, type]) => [id, type])).toEqual([
      [1, 'IFCB0'],
      [2, 'IFCAO'],
      [3, 'IFCB0'],
      [4, 'IFCWALL'],
      [5, 'IFCAO'],
      [6, 'IFCWALL'],
    ]);
  });

  it('hands on every DATA record with its type and parameter list, whatever the chunk size', async () => {
    const text = stepFile('IFC4', ODD_RECORDS);
    const whole = await read(text);
    expect(whole.entities).toEqual([
      [1, 'IFCWALL', "('g;1',$,'it''s; (not) the end',$,$,$,$,$,$)"],
      [2, 'IFCPROPERTYSINGLEVALUE', "('a',/* inline; */$,IFCLABEL('\\X2\\00E9\\X0\\;'),$)"],
      [3, '', '(IFCA(1)IFCB(2))'],
      [10, 'IFCLABEL', "( 'spaced' )"],
    ]);
    // records, strings, doubled quotes, escapes and comments cut at every possible place
    for (let chunkSize = 1; chunkSize <= 40; chunkSize++) {
      expect((await read(text, chunkSize)).entities).toEqual(whole.entities);
    }
  });

  it('passes every byte on once, in blocks no larger than a chunk plus the statement it cut', async () => {
    const text = generateIfcModel({ storeys: 1, bays: 2 });
    const longest = Math.max(...text.split(';').map((s) => s.length + 1));
    const chunkSize = 4096;
    const { blocks, entities } = await read(text, chunkSize);
    expect(Buffer.concat(blocks).toString('latin1').trimEnd()).toBe(text.trimEnd());
    for (const block of blocks) expect(block.length).toBeLessThanOrEqual(chunkSize + longest);
    expect(blocks.length).toBeGreaterThan(text.length / chunkSize - 1);
    expect(entities.length).toBe(text.split('\n').filter((line) => line.startsWith('#')).length);
  });

  it('refuses a file that ends inside a string as web-ifc does (unparseable), whatever the chunk size', async () => {
    const text = stepFile('IFC4', ["#1=IFCWALL('never closed,$,$);"]);
    for (const chunkSize of [undefined, 5]) {
      await expect(read(text, chunkSize)).rejects.toMatchObject({
        code: 'OPEN_FAILED',
        message: expect.stringMatching(/unterminated string/),
      });
    }
  });

  it('refuses a file that ends inside a record or before its trailer as truncated', async () => {
    const cut = stepFile('IFC4', ["#1=IFCWALL('g',$,$,$,$,$,$,$,$);"]);
    for (const text of [cut.slice(0, cut.indexOf('$,$);')), cut.slice(0, cut.indexOf('ENDSEC;\nEND'))]) {
      await expect(read(text, 7)).rejects.toMatchObject({ code: 'TRUNCATED' });
    }
  });

  it('refuses a file that ends inside a comment as truncated, saying where the comment opened', async () => {
    for (const text of [
      stepFile('IFC4', ["#1=IFCWALL('g',$,$,$,$,$,$,$,$);", '/* left open']),
      stepFile('IFC4', ["#1=IFCWALL('g',$,$,$,$,$,$,$,$); /* left open"]),
      stepFile('IFC4', ["#1=IFCWALL('g',$,$,$,$,/* left open $,$,$,$);"]),
    ]) {
      const at = text.indexOf('/*') + 1;
      for (const chunkSize of [undefined, 5, 7]) {
        await expect(read(text, chunkSize)).rejects.toMatchObject({
          code: 'TRUNCATED',
          message: expect.stringContaining(`the '/*' at byte ${at} is never closed with '*/'`),
        });
      }
    }
  });

  it('reads entity numbers up to 2^31 - 1 and refuses a file numbering one past it, saying which', async () => {
    const wall = (id: number) => stepFile('IFC4', [`#${id}=IFCWALL('g',$,$,$,$,$,$,$,$);`]);
    expect((await read(wall(2 ** 31 - 1))).entities.map(([id]) => id)).toEqual([2 ** 31 - 1]);
    for (const id of [2 ** 31, 2 ** 32 + 5]) {
      await expect(read(wall(id))).rejects.toMatchObject({
        code: 'OPEN_FAILED',
        message: expect.stringContaining(`#${id}: entity numbers up to #2147483647 can be read`),
      });
    }
  });

  it('quotes a too large entity number as the file writes it, not as a rounded double, and cuts a long one', async () => {
    const wall = (digits: string) => stepFile('IFC4', [`#${digits}=IFCWALL('g',$,$,$,$,$,$,$,$);`]);
    await expect(read(wall('99999999999999999999'))).rejects.toMatchObject({
      message: expect.stringContaining('#99999999999999999999: entity numbers up to'),
    });
    await expect(read(wall('1'.repeat(5000)))).rejects.toMatchObject({
      message: expect.stringContaining(`#${'1'.repeat(24)}…: entity numbers up to`),
    });
  });
});
