import type { Kind } from './typing';

/** Accepted argument kinds per position and the result kind; `numeric` results follow the argument. */
export interface Signature {
  args: Kind[][];
  optional?: number;
  result: Kind | 'sameAsFirst';
}

const S: Kind[] = ['string'];
const NUM: Kind[] = ['int', 'decimal', 'double'];
const DT: Kind[] = ['dateTimeOffset'];

/** Built-ins we evaluate; other OData functions parse but answer 501. */
export const SIGNATURES: Record<string, Signature> = {
  contains: { args: [S, S], result: 'boolean' },
  startswith: { args: [S, S], result: 'boolean' },
  endswith: { args: [S, S], result: 'boolean' },
  length: { args: [S], result: 'int' },
  indexof: { args: [S, S], result: 'int' },
  substring: { args: [S, ['int'], ['int']], optional: 1, result: 'string' },
  tolower: { args: [S], result: 'string' },
  toupper: { args: [S], result: 'string' },
  trim: { args: [S], result: 'string' },
  concat: { args: [S, S], result: 'string' },
  matchespattern: { args: [S, S], result: 'boolean' },
  year: { args: [['date', 'dateTimeOffset']], result: 'int' },
  month: { args: [['date', 'dateTimeOffset']], result: 'int' },
  day: { args: [['date', 'dateTimeOffset']], result: 'int' },
  hour: { args: [['dateTimeOffset', 'timeOfDay']], result: 'int' },
  minute: { args: [['dateTimeOffset', 'timeOfDay']], result: 'int' },
  second: { args: [['dateTimeOffset', 'timeOfDay']], result: 'int' },
  fractionalseconds: { args: [['dateTimeOffset', 'timeOfDay']], result: 'decimal' },
  totaloffsetminutes: { args: [DT], result: 'int' },
  date: { args: [DT], result: 'date' },
  time: { args: [DT], result: 'timeOfDay' },
  now: { args: [], result: 'dateTimeOffset' },
  maxdatetime: { args: [], result: 'dateTimeOffset' },
  mindatetime: { args: [], result: 'dateTimeOffset' },
  round: { args: [NUM], result: 'sameAsFirst' },
  floor: { args: [NUM], result: 'sameAsFirst' },
  ceiling: { args: [NUM], result: 'sameAsFirst' },
};
