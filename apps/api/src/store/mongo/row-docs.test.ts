import { compileRowDoc } from './row-docs';

interface Row {
  a: string | null;
  b: number | null;
  c: boolean | null;
}

describe('compileRowDoc', () => {
  const build = compileRowDoc<Row>(['projectId', 'version'], ['a', 'b', 'c']);

  it('puts the key fields first, then every column, absent ones as explicit nulls', () => {
    const doc = build({ a: 'x' } as Row, { projectId: 'p', version: 2 });
    expect(doc).toEqual({ projectId: 'p', version: 2, a: 'x', b: null, c: null });
    expect(Object.keys(doc)).toEqual(['projectId', 'version', 'a', 'b', 'c']);
  });

  it('keeps false and 0, and drops fields that are not columns', () => {
    const row = { a: '', b: 0, c: false, extra: 'no', _id: 1 } as unknown as Row;
    expect(build(row, { projectId: 'p', version: 1 })).toEqual({
      projectId: 'p',
      version: 1,
      a: '',
      b: 0,
      c: false,
    });
  });

  it("adds the text columns' JavaScript case mappings in two sub-documents when asked", () => {
    const cased = compileRowDoc<Row>(['projectId'], ['a', 'b', 'c'], {
      lower: 'lo',
      upper: 'up',
      columns: ['a'],
    });
    expect(cased({ a: 'Straße' } as Row, { projectId: 'p' })).toEqual({
      projectId: 'p',
      a: 'Straße',
      b: null,
      c: null,
      lo: { a: 'straße' },
      up: { a: 'STRASSE' },
    });
    expect(cased({ a: null } as Row, { projectId: 'p' })).toMatchObject({ lo: { a: null }, up: { a: null } });
  });

  it('treats names as data, never as code', () => {
    const odd = compileRowDoc<Record<string, unknown>>(['k"}; throw 1; //'], ['a b', "c'd"]);
    expect(odd({ 'a b': 1 }, { 'k"}; throw 1; //': 'key' })).toEqual({
      'k"}; throw 1; //': 'key',
      'a b': 1,
      "c'd": null,
    });
  });
});
