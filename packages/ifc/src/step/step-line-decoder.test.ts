import type { EntityLayout } from './step-schema';
import { MAX_NESTING, StepLineDecoder, StepSyntaxError } from './step-line-decoder';
import { StepSchema } from './step-schema';

const schema = StepSchema.of('IFC4');
const decoder = new StepLineDecoder(schema);

/** A layout whose attributes are named after their position, with the declared types given. */
const layoutOf = (...types: string[]): EntityLayout => ({
  index: 0,
  name: 'IfcTest',
  code: 7,
  supertype: null,
  attributes: types.map((type, i) => ({ name: `A${i}`, type })),
});

const decode = (text: string, layout: EntityLayout) => {
  const bytes = Buffer.from(text, 'latin1');
  return decoder.decode(42, layout, bytes, 0, bytes.length);
};

describe('StepLineDecoder (a record into a line shaped like web-ifc’s)', () => {
  it('reads every kind of value with the attribute’s declared type', () => {
    const layout = layoutOf(
      'IfcGloballyUniqueId',
      'IfcOwnerHistory',
      'IfcLabel',
      'IfcText',
      'IfcWallTypeEnum',
      'IfcBoolean',
      'IfcLengthMeasure',
      'IfcReal',
      'IfcInteger',
      'IfcBinary',
      'IfcValue',
      'IfcRepresentation',
      'IfcLengthMeasure',
    );
    expect(
      decode(
        `('2O2Fr$t4X7Zf8NOew3FLOH',#12,$,*,.ELEMENT.,.T.,2500.,1.E-3,-7,"0FF",IFCLABEL('x'),(#1,#2),())`,
        layout,
      ),
    ).toEqual({
      expressID: 42,
      type: 7,
      A0: { type: 1, name: 'IfcGloballyUniqueId', value: '2O2Fr$t4X7Zf8NOew3FLOH' },
      A1: { type: 5, value: 12 },
      A2: null,
      A3: null,
      A4: { type: 3, value: 'ELEMENT' },
      A5: { type: 3, name: 'IfcBoolean', value: true },
      A6: { type: 4, name: 'IfcLengthMeasure', value: 2500 },
      A7: { type: 4, name: 'IfcReal', value: 0.001 },
      A8: { type: 4, name: 'IfcInteger', value: -7 },
      A9: { type: 4, name: 'IfcBinary', value: '0FF' },
      A10: { type: 1, name: 'IfcLabel', value: 'x' },
      A11: [
        { type: 5, value: 1 },
        { type: 5, value: 2 },
      ],
      A12: [],
    });
  });

  it('keeps the attribute order, fills missing attributes with null and reads (but drops) extra values', () => {
    const line = decode(`('a')`, layoutOf('IfcLabel', 'IfcLabel', 'IfcLabel'));
    expect(Object.keys(line)).toEqual(['expressID', 'type', 'A0', 'A1', 'A2']);
    expect(line).toEqual({
      expressID: 42,
      type: 7,
      A0: { type: 1, name: 'IfcLabel', value: 'a' },
      A1: null,
      A2: null,
    });
    expect(decode(`('a',(1.,2.),IFCLABEL('b'))`, layoutOf('IfcLabel'))).toEqual({
      expressID: 42,
      type: 7,
      A0: { type: 1, name: 'IfcLabel', value: 'a' },
    });
    expect(() => decode(`('a',(1.,2.)`, layoutOf('IfcLabel'))).toThrow(StepSyntaxError);
  });

  it('reads a typed value as web-ifc does: one string, number, binary, enumeration or reference is its value', () => {
    const layout = layoutOf(...Array.from({ length: 11 }, () => 'IfcValue'));
    expect(
      decode(
        `(IfcLengthMeasure ( 2.5 ),IFCBOOLEAN(.F.),IFCLOGICAL(.U.),IFCIDENTIFIER(.X.),IFCCOMPLEXNUMBER((1.,2.)),` +
          `IFCLABEL($),IFCLABEL(),IFCREAL(1.,2.),IFCNOTINTHESCHEMA(#5),IFCBINARY("0FF"),IFCBINARY("314"))`,
        layout,
      ),
    ).toEqual({
      expressID: 42,
      type: 7,
      A0: { type: 4, name: 'IfcLengthMeasure', value: 2.5 },
      A1: { type: 3, name: 'IfcBoolean', value: false },
      A2: { type: 3, name: 'IfcLogical', value: undefined },
      A3: { type: 3, value: 'X' },
      A4: { type: 4, name: 'IfcComplexNumber' },
      A5: { type: 4, name: 'IfcLabel' },
      A6: { type: 4, name: 'IfcLabel' },
      A7: { type: 4, name: 'IfcReal' },
      A8: { type: 5, name: 'IFCNOTINTHESCHEMA', value: 5 },
      A9: { type: 4, name: 'IfcBinary', value: '0FF' },
      A10: { type: 4, name: 'IfcBinary', value: '314' },
    });
  });

  it('reads lists of typed values and nested lists item by item, with whitespace and comments between tokens', () => {
    expect(
      decode(
        `( ( (1.,2.) , (3.,4.) ) ,/* a comment; with 'quotes' */ ( IfcLengthMeasure ( 2.5 ) , IFCBOOLEAN(.F.) ) )`,
        layoutOf('IfcLengthMeasure', 'IfcValue'),
      ),
    ).toEqual({
      expressID: 42,
      type: 7,
      A0: [
        [
          { type: 4, name: 'IfcLengthMeasure', value: 1 },
          { type: 4, name: 'IfcLengthMeasure', value: 2 },
        ],
        [
          { type: 4, name: 'IfcLengthMeasure', value: 3 },
          { type: 4, name: 'IfcLengthMeasure', value: 4 },
        ],
      ],
      A1: [
        { type: 4, name: 'IfcLengthMeasure', value: 2.5 },
        { type: 3, name: 'IfcBoolean', value: false },
      ],
    });
  });

  it('refuses a record nesting lists or typed values deeper than MAX_NESTING, and reads the next record', () => {
    const nested = (depth: number, open: string, close: string) =>
      `(${open.repeat(depth)}1.${close.repeat(depth)})`;
    const layout = layoutOf('IfcValue');
    // at the limit: read (a list inside the record's parameter list counts from 1)
    expect(() => decode(nested(MAX_NESTING, '(', ')'), layout)).not.toThrow();
    expect(() => decode(nested(MAX_NESTING, 'IFCLABEL(', ')'), layout)).not.toThrow();
    for (const depth of [MAX_NESTING + 1, 200_000]) {
      expect(() => decode(nested(depth, '(', ')'), layout)).toThrow(
        new StepSyntaxError(
          `lists or typed values nested deeper than ${MAX_NESTING} levels at byte ${MAX_NESTING + 2} of the parameter list`,
        ),
      );
      expect(() => decode(nested(depth, 'IFCLABEL(', ')'), layout)).toThrow(StepSyntaxError);
    }
    // the decoder starts each record afresh
    expect(decode('((1.,2.))', layout).A0).toEqual([
      { type: 4, name: 'IfcValue', value: 1 },
      { type: 4, name: 'IfcValue', value: 2 },
    ]);
  });

  it('keeps semicolons, parentheses and doubled quotes inside strings and decodes their escapes', () => {
    const line = decode(`('a;b)(c','it''s','\\X2\\00E9\\X0\\')`, layoutOf('IfcText', 'IfcText', 'IfcText'));
    expect([line.A0, line.A1, line.A2].map((v) => (v as { value: string }).value)).toEqual([
      'a;b)(c',
      "it's",
      'é',
    ]);
  });

  it('reads an entity of the schema by its layout', () => {
    const layout = schema.entity('IFCPROPERTYSINGLEVALUE')!;
    expect(decode(`('Width',$,IFCPOSITIVELENGTHMEASURE(120.),#9)`, layout)).toEqual({
      expressID: 42,
      type: layout.code,
      Name: { type: 1, name: 'IfcIdentifier', value: 'Width' },
      Description: null,
      NominalValue: { type: 4, name: 'IfcPositiveLengthMeasure', value: 120 },
      Unit: { type: 5, value: 9 },
    });
  });

  it('reads a reference up to the highest entity number read', () => {
    expect(decode('(#2147483647)', layoutOf('IfcOwnerHistory')).A0).toEqual({ type: 5, value: 2 ** 31 - 1 });
  });

  it.each([
    ['an unterminated string', `('never closed)`],
    ['a missing comma', `(1 2)`],
    ['a reference without a number', `(#)`],
    ['an unclosed list', `((1,2)`],
    ['text after the list', `(1) x`],
    ['a bad number', `(1.2.3E)`],
    ['a typed value without its list', `(IFCLABEL 'x')`],
    ['a missing comma inside a typed value', `(IFCREAL(1. 2.))`],
    ['an unterminated comment', `(1 /* never closed)`],
    ['no list at all', `'x'`],
    ['a reference past the entity numbers read', `(#2147483648)`],
  ])('rejects %s', (_, text) => {
    expect(() => decode(text, layoutOf('IfcReal', 'IfcReal'))).toThrow(StepSyntaxError);
  });
});

describe('StepLineDecoder numbers', () => {
  const layout = layoutOf('IfcReal');
  const read = (text: string) => (decode(`(${text})`, layout).A0 as { value: number }).value;

  it('reads a real beyond a double as ±Infinity and refuses an integer beyond 64 bits, as web-ifc does', () => {
    expect(read('1.E400')).toBe(Infinity);
    expect(read('-1.E400')).toBe(-Infinity);
    expect(read('9223372036854775807')).toBe(2 ** 63);
    expect(read('-9223372036854775808')).toBe(-(2 ** 63));
    expect(read('12345678901234567890.')).toBe(Number('12345678901234567890'));
    expect(() => read('9223372036854775808')).toThrow(StepSyntaxError);
    expect(() => read('-12345678901234567890')).toThrow(StepSyntaxError);
  });

  it('reads every decimal exactly as Number() does, on and off the fast path', () => {
    // a fixed generator: mantissas short and long (past 2^53), fractions, exponents near and past ±22
    let seed = 17;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
    const texts = [
      '0.',
      '-0.',
      '2500.',
      '1.E-3',
      '-0.5E+02',
      '0.1',
      '0.30000000000000004',
      '9007199254740993.',
    ];
    for (let i = 0; i < 5000; i++) {
      const sign = ['', '-', '+'][Math.floor(random() * 3)];
      const whole = digits(1 + Math.floor(random() * 12));
      const fraction = digits(Math.floor(random() * 12));
      const exponent = random() < 0.5 ? '' : `E${random() < 0.5 ? '-' : ''}${Math.floor(random() * 30)}`;
      texts.push(`${sign}${whole}.${fraction}${exponent}`);
    }
    for (const text of texts) expect([text, Object.is(read(text), Number(text))]).toEqual([text, true]);
  });
});
