import { ODataSyntaxError } from './errors';
import { decodeComponent, ENCODED_SEMICOLON } from './percent-decode';

describe('decodeComponent', () => {
  it('decodes UTF-8 escapes and parks an encoded semicolon', () => {
    expect(decodeComponent("Name%20eq%20'Caf%C3%A9'")).toBe("Name eq 'Café'");
    expect(decodeComponent('a%3Bb')).toBe(`a${ENCODED_SEMICOLON}b`);
  });

  const refusal = (raw: string) => {
    try {
      decodeComponent(raw, '$filter');
    } catch (err) {
      expect(err).toBeInstanceOf(ODataSyntaxError);
      return (err as Error).message;
    }
    throw new Error(`${raw} was decoded`);
  };

  it("names a '%' that is not followed by two hex digits", () => {
    expect(refusal("Name eq '%zz'")).toBe(
      "Invalid percent-encoding: '%zz' at offset 9 is not '%' followed by two hex digits",
    );
    expect(refusal('50%')).toBe(
      "Invalid percent-encoding: '%' at offset 2 is not '%' followed by two hex digits",
    );
  });

  it('tells well-formed escapes that are not UTF-8 apart (a Latin-1 client)', () => {
    expect(refusal("Name eq 'Caf%E9'")).toBe(
      "Invalid percent-encoding: the bytes '%E9' at offset 12 are not UTF-8 text",
    );
    expect(refusal('x%C3%A9y%FF%FE')).toBe(
      "Invalid percent-encoding: the bytes '%FF' at offset 8 are not UTF-8 text",
    );
    // a lead byte without its continuation bytes, and a character cut short
    expect(refusal("'Caf%E9'")).toBe(
      "Invalid percent-encoding: the bytes '%E9' at offset 4 are not UTF-8 text",
    );
    expect(refusal('%27Caf%E9%27')).toBe(
      "Invalid percent-encoding: the bytes '%E9' at offset 6 are not UTF-8 text",
    );
    expect(refusal('%E0%A4')).toBe(
      "Invalid percent-encoding: the bytes '%E0%A4' at offset 0 are not UTF-8 text",
    );
  });
});
