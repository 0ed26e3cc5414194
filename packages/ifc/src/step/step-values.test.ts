import {
  STEP_DERIVED,
  StepBinary,
  StepEnum,
  StepRef,
  StepSyntaxError,
  StepTyped,
  parseParameters,
} from './step-values';

const parse = (text: string) => {
  const bytes = Buffer.from(text, 'latin1');
  return parseParameters(bytes, 0, bytes.length);
};

describe('parseParameters (a record’s argument tree)', () => {
  it('reads every kind of value', () => {
    expect(
      parse(
        `('2O2Fr$t4X7Zf8NOew3FLOH',#12,$,*,.ELEMENT.,.T.,2500.,1.E-3,-0.5E+02,42,-7,"0FF",IFCLABEL('x'),(#1,#2),())`,
      ),
    ).toEqual([
      '2O2Fr$t4X7Zf8NOew3FLOH',
      new StepRef(12),
      null,
      STEP_DERIVED,
      new StepEnum('ELEMENT'),
      new StepEnum('T'),
      2500,
      0.001,
      -50,
      42,
      -7,
      new StepBinary('0FF'),
      new StepTyped('IFCLABEL', 'x'),
      [new StepRef(1), new StepRef(2)],
      [],
    ]);
  });

  it('reads nested lists, typed values in lists and whitespace or comments between tokens', () => {
    expect(
      parse(
        `( ( (1.,2.) , (3.,4.) ) ,/* a comment; with 'quotes' */ ( IfcLengthMeasure ( 2.5 ) , IFCBOOLEAN(.F.) ) )`,
      ),
    ).toEqual([
      [
        [1, 2],
        [3, 4],
      ],
      [new StepTyped('IFCLENGTHMEASURE', 2.5), new StepTyped('IFCBOOLEAN', new StepEnum('F'))],
    ]);
  });

  it('keeps semicolons, parentheses and doubled quotes inside strings and decodes their escapes', () => {
    expect(parse(`('a;b)(c','it''s','\\X2\\00E9\\X0\\')`)).toEqual(['a;b)(c', "it's", 'é']);
  });

  it.each([
    ['an unterminated string', `('never closed)`],
    ['a missing comma', `(1 2)`],
    ['a reference without a number', `(#)`],
    ['an unclosed list', `((1,2)`],
    ['text after the list', `(1) x`],
  ])('rejects %s', (_, text) => {
    expect(() => parse(text)).toThrow(StepSyntaxError);
  });
});
