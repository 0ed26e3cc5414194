/**
 * OASIS OData ABNF test cases (kept unmodified in ../test/abnf, source and licence beside them) run against our
 * parser in untyped mode: the cases use names from their own sample model, so only syntax is checked. Positive
 * cases must parse; negative cases (with FailAt) must be rejected. Remaining failures are listed with reasons
 * in abnf-known-failures.json next to this file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { LiteralType } from './ast';
import { ODataError } from './errors';
import { parseExpression } from './parse-expression';
import { parseQueryOptions } from './parse-query-options';
import { parseSearch } from './parse-search';

interface TestCase {
  Name: string;
  Rule: string;
  Input: string;
  FailAt?: number;
}
interface KnownFailure {
  rule: string;
  input: string;
  reason: string;
}

// In the repository so the suite runs on any fresh clone; ODATA_ABNF_DIR points it at another copy (e.g. newer cases).
const ABNF_DIR = process.env.ODATA_ABNF_DIR ?? join(__dirname, '../test/abnf');
const NUMERIC: LiteralType[] = ['int', 'decimal', 'double'];

type Runner = (input: string) => void;

function decode(s: string): string {
  return decodeURIComponent(s);
}

function literalOf(types: LiteralType[] | 'any', percentDecode: boolean): Runner {
  return (input) => {
    const e = parseExpression(percentDecode ? decode(input) : input);
    if (e.kind !== 'literal') throw new Error(`not a literal: ${e.kind}`);
    if (types !== 'any' && !types.includes(e.type)) throw new Error(`literal of type ${e.type}`);
  };
}

const query: Runner = (input) => void parseQueryOptions(input);
const expr: Runner = (input) => void parseExpression(decode(input));

/** Rules our public API exposes, and how each is exercised. */
const RULES: Record<string, Runner> = {
  queryOptions: query,
  filter: query,
  orderby: query,
  orderBy: query,
  select: query,
  expand: query,
  search: query,
  skiptoken: query,
  systemQueryOption: query,
  customQueryOption: query,
  commonExpr: expr,
  boolCommonExpr: expr,
  boolcommonExpr: expr,
  notExpr: expr,
  firstMemberExpr: expr,
  propertyPathExpr: expr,
  isofExpr: expr,
  searchExpr: (input) => void parseSearch(decode(input)),
  primitiveLiteral: literalOf('any', true),
  stringLiteral: literalOf(['string'], true),
  decimalLiteral: literalOf(NUMERIC, true),
  doubleLiteral: literalOf(NUMERIC, true),
  singleLiteral: literalOf(NUMERIC, true),
  sbyteLiteral: literalOf(['int'], true),
  int16Literal: literalOf(['int'], true),
  int32Literal: literalOf(['int'], true),
  int64Literal: literalOf(['int'], true),
  decimalValue: literalOf(NUMERIC, false),
  doubleValue: literalOf(NUMERIC, false),
  singleValue: literalOf(NUMERIC, false),
  byteValue: literalOf(['int'], false),
  sbyteValue: literalOf(['int'], false),
  int16Value: literalOf(['int'], false),
  int32Value: literalOf(['int'], false),
  int64Value: literalOf(['int'], false),
  dateTimeOffsetValue: literalOf(['dateTimeOffset'], false),
  dateTimeOffsetLiteral: literalOf(['dateTimeOffset'], true),
  dateTimeOffsetValueInUrl: literalOf(['dateTimeOffset'], true),
  date: literalOf(['date'], true),
  dateValue: literalOf(['date'], false),
  timeOfDayValue: literalOf(['timeOfDay'], false),
  timeOfDayLiteral: literalOf(['timeOfDay'], true),
  durationLiteral: literalOf(['duration', 'string'], true),
  guid: literalOf(['guid'], true),
  binaryLiteral: literalOf(['binary'], true),
  boolean: literalOf(['boolean'], true),
  null: literalOf(['null'], true),
  enumLiteral: literalOf(['enum', 'string'], true),
};

/** Rules whose input starts with `name=`; error positions are relative to the value. */
const RULES_WITH_NAME = new Set(['filter', 'orderby', 'orderBy', 'select', 'expand', 'search', 'skiptoken']);

const cases = (
  parse(readFileSync(join(ABNF_DIR, 'odata-abnf-testcases.yaml'), 'utf8')) as { TestCases: TestCase[] }
).TestCases;
const known = JSON.parse(readFileSync(join(__dirname, 'abnf-known-failures.json'), 'utf8')) as KnownFailure[];
const keyOf = (rule: string, input: string): string => `${rule}\u0000${input}`;

describe('OASIS ABNF conformance', () => {
  const applicable = cases.filter((c) => RULES[c.Rule] !== undefined);
  const results = applicable.map((c) => {
    const run = RULES[c.Rule] as Runner;
    let error: unknown;
    try {
      run(c.Input);
    } catch (e) {
      error = e;
    }
    const negative = c.FailAt !== undefined;
    return { c, pass: negative ? error !== undefined : error === undefined, error };
  });

  it('prints pass counts per rule and reaches 95% overall', () => {
    const table: Record<string, { pass: number; total: number }> = {};
    for (const r of results) {
      const row = (table[r.c.Rule] ??= { pass: 0, total: 0 });
      row.total++;
      if (r.pass) row.pass++;
    }
    const passed = results.filter((r) => r.pass).length;
    console.log(
      `ABNF conformance: ${passed}/${results.length} applicable cases pass (${((100 * passed) / results.length).toFixed(1)}%)`,
    );
    console.table(table);
    // Informational: where negative cases fail. Our positions are offsets into the decoded value
    // (after `name=`), so they only line up with FailAt when nothing was percent-encoded.
    const negatives = results.filter((r) => r.c.FailAt !== undefined && r.error instanceof ODataError);
    const samePlace = negatives.filter((r) => {
      const e = r.error as ODataError;
      const eq = RULES_WITH_NAME.has(r.c.Rule) ? r.c.Input.indexOf('=') + 1 : 0;
      return e.position !== undefined && e.position + eq === r.c.FailAt;
    });
    console.log(`negative cases rejected at exactly FailAt: ${samePlace.length}/${negatives.length}`);
    expect(results.length).toBeGreaterThan(300);
    expect(passed / results.length).toBeGreaterThanOrEqual(0.95);
  });

  it('only fails the documented cases', () => {
    const knownKeys = new Set(known.map((k) => keyOf(k.rule, k.input)));
    const undocumented = results.filter((r) => !r.pass && !knownKeys.has(keyOf(r.c.Rule, r.c.Input)));
    expect(
      undocumented.map((r) => ({ rule: r.c.Rule, name: r.c.Name, input: r.c.Input, error: String(r.error) })),
    ).toEqual([]);
    for (const k of known) expect(k.reason.length).toBeGreaterThan(10);
  });

  it('rejects with the package error classes, never a bare crash', () => {
    const foreign = results.filter(
      (r) =>
        r.error !== undefined && !(r.error instanceof ODataError) && !String(r.error).includes('literal'),
    );
    expect(foreign.map((r) => `${r.c.Rule} ${r.c.Input}: ${String(r.error)}`)).toEqual([]);
  });
});
