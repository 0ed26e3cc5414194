import type { Expr } from './ast';
import { ODataSyntaxError } from './errors';
import { parseExpression } from './parse-expression';
import { parseQueryOptions } from './parse-query-options';

/** Compact prefix rendering of a tree, so precedence is visible at a glance. */
function show(e: Expr): string {
  switch (e.kind) {
    case 'literal':
      return e.type === 'string' ? JSON.stringify(e.value) : String(e.value);
    case 'member':
      return e.path.join('/');
    case 'compare':
    case 'arith':
    case 'logical':
    case 'has':
      return `(${e.kind === 'has' ? 'has' : e.op} ${show(e.left)} ${show(e.right)})`;
    case 'not':
      return `(not ${show(e.operand)})`;
    case 'negate':
      return `(- ${show(e.operand)})`;
    case 'in':
      return `(in ${show(e.left)} ${e.right.kind === 'list' ? `[${e.right.items.map(show).join(' ')}]` : show(e.right)})`;
    case 'call':
      return `${e.name}(${e.args.map(show).join(' ')})`;
    case 'lambda':
      return `${show(e.collection)}/${e.op}(${e.variable ?? ''}${e.predicate ? `: ${show(e.predicate)}` : ''})`;
    default:
      return e.kind;
  }
}

const p = (s: string): string => show(parseExpression(s));

describe('expression precedence', () => {
  it.each([
    ['not A and B', '(and (not A) B)'],
    ['not A or B and C', '(or (not A) (and B C))'],
    ['a or b and c', '(or a (and b c))'],
    ['a and b or c', '(or (and a b) c)'],
    ['-1 add 2 mul 3', '(add -1 (mul 2 3))'],
    ['1 sub 2 sub 3', '(sub (sub 1 2) 3)'],
    ['A add B eq C mul D', '(eq (add A B) (mul C D))'],
    ['A lt B eq true', '(eq (lt A B) true)'],
    ['-Price', '(- Price)'],
    ['- Price mul 2', '(mul (- Price) 2)'],
    ['not (A and B)', '(not (and A B))'],
    ["not(contains(Name,'x'))", '(not contains(Name "x"))'],
    ['((A)) and ((B or C))', '(and A (or B C))'],
    ["Name in ('a','b')", '(in Name ["a" "b"])'],
    ["not Name in ('a')", '(not (in Name ["a"]))'],
    ['Area eq 1.5E+3', '(eq Area 1500)'],
    ["contains(Name,'x') eq true", '(eq contains(Name "x") true)'],
    ["Name eq 'O''Brien'", '(eq Name "O\'Brien")'],
    ['Name eq null', '(eq Name null)'],
    ['Name ne null', '(ne Name null)'],
    ["Name EQ 'x' AND Price LT 2", '(and (eq Name "x") (lt Price 2))'],
    ['Items/any(i:i/Qty gt 2 and not i/Done)', 'Items/any(i: (and (gt i/Qty 2) (not i/Done)))'],
    ['Items/all(i:i/Tags/any(t:t/Name eq $it/Name))', 'Items/all(i: i/Tags/any(t: (eq t/Name $it/Name)))'],
  ])('%s  →  %s', (input, tree) => {
    expect(p(input)).toBe(tree);
  });
});

describe('literals', () => {
  const lit = (s: string) => parseExpression(s);
  it.each([
    ['null', 'null', null],
    ['TRUE', 'boolean', true],
    ['42', 'int', 42],
    ['-42', 'int', -42],
    ['9007199254740993', 'int', 9007199254740993n],
    ['3.25', 'decimal', 3.25],
    ['1.5E+3', 'double', 1500],
    ['1e-3', 'double', 0.001],
    ['INF', 'double', Infinity],
    ['-INF', 'double', -Infinity],
    ["'it''s'", 'string', "it's"],
    ["''", 'string', ''],
    ['2024-02-29', 'date', '2024-02-29'],
    ['2000-02-29', 'date', '2000-02-29'],
    ['2024-02-29T23:59:60Z', 'dateTimeOffset', '2024-02-29T23:59:59.999Z'],
    ['2028-02-29T00:00:00Z', 'dateTimeOffset', '2028-02-29T00:00:00.000Z'],
    ['2024-02-29T01:00:00+02:00', 'dateTimeOffset', '2024-02-28T23:00:00.000Z'],
    ['0099-12-31T00:00:00Z', 'dateTimeOffset', '0099-12-31T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', 'dateTimeOffset', '9999-12-31T23:59:59.999Z'],
    ['-0001-06-01T00:00:00Z', 'dateTimeOffset', '-000001-06-01T00:00:00.000Z'],
    ['2024-01-01T10:00:00+02:00', 'dateTimeOffset', '2024-01-01T08:00:00.000Z'],
    ['2024-01-01T10:00Z', 'dateTimeOffset', '2024-01-01T10:00:00.000Z'],
    ['13:45:00.5', 'timeOfDay', '13:45:00.5'],
    ["duration'P1DT2H'", 'duration', 'P1DT2H'],
    ['01234567-89AB-cdef-0123-456789abcdef', 'guid', '01234567-89ab-cdef-0123-456789abcdef'],
    ["binary'Zm9v'", 'binary', 'Zm9v'],
    ["NS.Color'Red,Blue'", 'enum', ['Red', 'Blue']],
  ])('%s is %s', (input, type, value) => {
    const e = lit(input);
    expect(e).toMatchObject({ kind: 'literal', type });
    if (e.kind === 'literal') expect(e.value).toEqual(value);
  });

  it('NaN stays NaN', () => {
    const e = lit('NaN');
    expect(e.kind === 'literal' && Number.isNaN(e.value)).toBe(true);
  });
});

describe('syntax errors carry a position', () => {
  it.each([
    ['Name eq', 7],
    ["Name eq 'open", 8],
    ['Name eq 1 2', 9],
    ['(Name eq 1', 10],
    ['Name eq  ', 9],
    [' Name eq 1', 0],
    ['Name eq 1 ', 9],
    ['42.', 2],
    ['Name eq #', 8],
    ['Items/all()', 10],
    ['any(x:true)', 0],
    ['2024-13-01 eq Day', 0],
    ['2023-02-29 eq Day', 0],
    ['1900-02-29 eq Day', 0],
    ['2024-04-31 eq Day', 0],
    ['Changed ge 2026-02-30T00:00:00Z', 11],
    ['Changed ge 2026-11-31T08:00+01:00', 11],
    ['Changed lt 10000-01-01T00:00:00Z', 11],
    ['Changed lt 300000-01-01T00:00:00Z', 11],
    ['Changed lt -300000-01-01T00:00:00Z', 11],
    ['Changed lt 9999-12-31T23:30-01:00', 11],
    ["Name in ('a',Name)", 13],
  ])('%s fails at %i', (input, pos) => {
    let err: unknown;
    try {
      parseExpression(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ODataSyntaxError);
    expect((err as ODataSyntaxError).position).toBe(pos);
    expect((err as ODataSyntaxError).status).toBe(400);
  });
});

describe('a date and time without a valid zone', () => {
  it.each([
    ['ChangedAt ge 2026-11-30T02:43:07.819', "'2026-11-30T02:43:07.819'", '2026-11-30T02:43:07.819Z'],
    [
      'ChangedAt ge 2026-11-30T02:43:07.819+0100',
      "'2026-11-30T02:43:07.819+0100'",
      '2026-11-30T02:43:07.819+01:00',
    ],
    ['ChangedAt ge 2026-11-30T02:43-05 and true', "'2026-11-30T02:43-05'", '2026-11-30T02:43-05:00'],
    ['(ChangedAt lt 2026-11-30T02:43:07)', "'2026-11-30T02:43:07'", '2026-11-30T02:43:07Z'],
  ])('%s says a DateTimeOffset needs Z or ±hh:mm', (input, literal, example) => {
    let err: unknown;
    try {
      parseExpression(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ODataSyntaxError);
    expect((err as ODataSyntaxError).status).toBe(400);
    expect((err as ODataSyntaxError).message).toBe(
      `DateTimeOffset literal ${literal} needs a time zone offset, Z or ±hh:mm, as in ${example} (at position ${input.indexOf('2026')})`,
    );
  });

  it('still reads one with Z or ±hh:mm', () => {
    expect(() => parseExpression('ChangedAt ge 2026-11-30T02:43:07.819Z')).not.toThrow();
    expect(() => parseExpression('ChangedAt ge 2026-11-30T02:43:07.819+01:00')).not.toThrow();
  });
});

describe('query options', () => {
  it('parses every system option and keeps aliases and custom options', () => {
    const q = parseQueryOptions(
      "?$filter=Name%20eq%20@n&@n='O''Brien'&$select=Id,Name&$orderby=Name%20desc,Id&$top=10&$skip=5&$count=true&$skiptoken=abc&$format=json&custom=1&$search=blue",
    );
    expect(q.filter && show(q.filter)).toBe('(eq Name n)'.replace('n)', 'alias)'));
    expect(q.aliases?.n).toMatchObject({ kind: 'literal', value: "O'Brien" });
    expect(q.select?.map((s) => s.path.join('/'))).toEqual(['Id', 'Name']);
    expect(q.orderby?.map((o) => `${show(o.expr)} ${o.direction}`)).toEqual(['Name desc', 'Id asc']);
    expect([q.top, q.skip, q.count, q.skiptoken, q.format]).toEqual([10, 5, true, 'abc', 'json']);
    expect(q.custom).toEqual({ custom: '1' });
    expect(q.search).toEqual({ kind: 'term', text: 'blue', phrase: false });
  });

  it('parses $expand with nested options at any depth', () => {
    const q = parseQueryOptions(
      '$expand=Items($filter=Qty%20gt%202;$select=Qty;$orderby=Qty%20desc;$top=3;$skip=1;$count=true;$expand=Product($select=Name;$levels=2)),Owner',
    );
    const items = q.expand?.[0];
    expect(items?.path).toEqual(['Items']);
    expect(items?.options.filter && show(items.options.filter)).toBe('(gt Qty 2)');
    expect([items?.options.top, items?.options.skip, items?.options.count]).toEqual([3, 1, true]);
    expect(items?.options.expand?.[0]?.options).toMatchObject({ select: [{ path: ['Name'] }], levels: 2 });
    expect(q.expand?.[1]?.path).toEqual(['Owner']);
  });

  it('keeps encoded separators as data', () => {
    const q = parseQueryOptions("$filter=Name%20eq%20'a%26b%3Dc%3Bd'");
    expect(q.filter && show(q.filter)).toBe('(eq Name "a&b=c;d")');
  });

  it('records $compute/$apply as unsupported instead of failing', () => {
    expect(parseQueryOptions('$apply=groupby((Name))&$compute=Price%20mul%202%20as%20X').unsupported).toEqual(
      { $apply: 'groupby((Name))', $compute: 'Price mul 2 as X' },
    );
  });

  it.each([
    '$top=-1',
    '$top=1.5',
    '$skip=x',
    '$count=yes',
    '$filter=',
    '$bogus=1',
    '$top=1&$top=2',
    '$filter=%E0%A4%A',
    '$expand=A($top=1',
    '$orderby=Name asc desc',
  ])('rejects %s', (q) => {
    expect(() => parseQueryOptions(q)).toThrow(ODataSyntaxError);
  });

  it('says a $top or $skip is too large rather than not an integer', () => {
    expect(parseQueryOptions('$top=9007199254740991').top).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseQueryOptions('$top=99999999999999999999')).toThrow(
      '$top is too large: at most 9007199254740991',
    );
    expect(() => parseQueryOptions('$skip=9007199254740992')).toThrow('$skip is too large');
    expect(() => parseQueryOptions('$top=-1')).toThrow('$top must be a non-negative integer');
  });
});
