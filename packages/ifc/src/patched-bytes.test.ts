import { PatchedBytes } from './patched-bytes';
import { repairStepText } from './step-text-repair';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const text = (data: Uint8Array) => Buffer.from(data).toString('latin1');

function readAll(view: PatchedBytes, chunk: number): string {
  let out = '';
  for (let offset = 0; offset < view.byteLength; offset += chunk) out += text(view.read(offset, chunk));
  return out;
}

describe('PatchedBytes', () => {
  it('reads the edited text in chunks of any size, across edits', () => {
    const view = new PatchedBytes(bytes('abcdefghij'), [
      { offset: 0, length: 0, bytes: bytes('<') },
      { offset: 3, length: 2, bytes: bytes('XYZ') },
      { offset: 9, length: 1, bytes: bytes('') },
    ]);
    expect(view.byteLength).toBe(11);
    for (const chunk of [1, 2, 3, 5, 64]) expect(readAll(view, chunk)).toBe('<abcXYZfghi');
    expect(text(view.read(20, 4))).toBe('');
  });
});

describe('repairStepText', () => {
  const repaired = (source: string) => {
    const data = bytes(source);
    const { edits, counts } = repairStepText(data);
    return { text: readAll(new PatchedBytes(data, edits), 7), counts };
  };

  it('leaves valid escapes and plain text alone', () => {
    const source = "'a\\\\b \\S\\e \\PA\\ \\X\\E9 \\X2\\00E9D83DDE00\\X0\\ \\X4\\0001F600\\X0\\ it''s'";
    expect(repaired(source)).toEqual({ text: source, counts: {} });
  });

  it('doubles backslashes that start no escape, upper-cases hex and replaces non-characters', () => {
    expect(repaired("'\\g \\X2\\00e9\\X0\\ \\X2\\DC00\\X0\\ \\X4\\00110000\\X0\\ \\S\\'' end\\'")).toEqual({
      text: "'\\\\g \\X2\\00E9\\X0\\ \\X2\\FFFD\\X0\\ \\X4\\0000FFFD\\X0\\ \\X\\A7 end\\\\'",
      counts: { invalidEscape: 2, lowercaseHex: 1, invalidCodePoint: 2 },
    });
  });

  it('keeps a broken \\X2\\ block literally', () => {
    expect(repaired("'x\\X2\\00E9 y'").text).toBe("'x\\\\X2\\\\00E9 y'");
  });
});
