import type { EdmPrimitive, EntityType } from '@aec/odata';
import { keyToFilter, parseResourcePath } from './resource-path';

const TYPES: Record<string, EdmPrimitive> = {
  Id: 'Edm.String',
  ModelId: 'Edm.String',
  ExpressId: 'Edm.Int64',
  VersionNumber: 'Edm.Int32',
};
/** An entity type keyed on `key`, each property typed as in the feed's model. */
const keyed = (key: string[]): Pick<EntityType, 'key' | 'properties'> => ({
  key,
  properties: key.map((name) => ({ name, type: TYPES[name]!, nullable: false })),
});

describe('keyToFilter: a key predicate as a $filter on the key', () => {
  it.each([
    ["'proj_1:0aBc$x'", ['Id'], "Id eq 'proj_1:0aBc$x'"],
    ["'it''s = a key'", ['Id'], "Id eq 'it''s = a key'"],
    ['42', ['ExpressId'], 'ExpressId eq 42'],
    [" Id = 'a' ", ['Id'], "Id eq 'a'"],
    [
      "ModelId='m,1',VersionNumber=2",
      ['ModelId', 'VersionNumber'],
      "ModelId eq 'm,1' and VersionNumber eq 2",
    ],
  ])('%s', (key, properties, filter) => {
    expect(keyToFilter(key, keyed(properties), 'Set')).toBe(filter);
  });

  it.each([
    ["'a' or true", ['Id']],
    ["Id='a' or true", ['Id']],
    ['1 eq 1', ['Id']],
    ["ModelId='m',VersionNumber=1 or VersionNumber gt 0", ['ModelId', 'VersionNumber']],
    ["ModelId=('m'),VersionNumber=1", ['ModelId', 'VersionNumber']],
    ['Id=', ['Id']],
  ])('refuses %s: a key value is one literal, never an expression', (key, properties) => {
    expect(() => keyToFilter(key, keyed(properties), 'Set')).toThrow(/A key value must be one literal/);
  });

  it('still names a wrong key property and a missing part', () => {
    expect(() => keyToFilter("Nope='a'", keyed(['Id']), 'Set')).toThrow(/'Nope' is not a key property/);
    const versions = keyed(['ModelId', 'VersionNumber']);
    expect(() => keyToFilter("ModelId='m'", versions, 'Versions')).toThrow(/Every key property/);
    expect(() => keyToFilter("'m'", versions, 'Versions')).toThrow(/composite key/);
  });

  it('says a string key must be quoted, and a number key must not be, showing how', () => {
    expect(() => keyToFilter('1', keyed(['Id']), 'IFCElements')).toThrow(
      "The key property Id is a string: quote its value, e.g. IFCElements('1')",
    );
    expect(() => keyToFilter('Id=2.5', keyed(['Id']), 'IFCElements')).toThrow(
      "The key property Id is a string: quote its value, e.g. Id='2.5'",
    );
    const versions = keyed(['ModelId', 'VersionNumber']);
    expect(() => keyToFilter('ModelId=7,VersionNumber=2', versions, 'Versions')).toThrow(
      "The key property ModelId is a string: quote its value, e.g. ModelId='7'",
    );
    expect(() => keyToFilter("ModelId='m',VersionNumber='2'", versions, 'Versions')).toThrow(
      'The key property VersionNumber is a number: write its value without quotes, e.g. VersionNumber=2',
    );
    expect(() => keyToFilter("'42'", keyed(['ExpressId']), 'Set')).toThrow(/ExpressId is a number/);
  });
});

describe('parseResourcePath', () => {
  it.each([
    ['IFCElements/AEC.IFC.IFCElement'],
    ['IFCElements/AEC.IFC.IFCElement/$count'],
    ["IFCElements('a')/AEC.IFC.IFCElement"],
    ['IFCElements/Default.Fn()'],
  ])('%s, a qualified name (a type cast, a bound function), is a path not served: 404', (path) => {
    expect(() => parseResourcePath(path)).toThrow(expect.objectContaining({ status: 404, code: 'NotFound' }));
  });

  it.each([['IFCElements/AEC.'], ['IFCElements/.IFCElement'], ['IFCElements/AEC..X'], ['IFCElements/$a.b']])(
    '%s is no OData path: 400',
    (path) => {
      expect(() => parseResourcePath(path)).toThrow(expect.objectContaining({ status: 400 }));
    },
  );
});
