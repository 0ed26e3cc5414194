import { type References, referencesOf } from '../model-reader';
import { StepLineDecoder, StepSyntaxError } from './step-line-decoder';
import { readReferences } from './step-references';
import { StepSchema } from './step-schema';

const schema = StepSchema.of('IFC4');
const decoder = new StepLineDecoder(schema);
const layout = schema.entity('IFCRELDEFINESBYPROPERTIES')!;
// GlobalId, OwnerHistory, Name, Description, RelatedObjects, RelatingPropertyDefinition
const NAMES = ['RelatedObjects', 'RelatingPropertyDefinition', 'OwnerHistory', 'Name', 'Missing'];
const POSITIONS = NAMES.map((name) => layout.attributes.findIndex((a) => a.name === name));

/** What the scanner reads of a record (null when it leaves the record to the decoder). */
function scanned(text: string): References | null {
  const bytes = Buffer.from(text, 'latin1');
  const out: References = [];
  return readReferences(bytes, 0, bytes.length, POSITIONS, out) ? out : null;
}

/** What the full decoder gives (null for a record it refuses). */
function decoded(text: string): References | null {
  const bytes = Buffer.from(text, 'latin1');
  try {
    return referencesOf(decoder.decode(1, layout, bytes, 0, bytes.length), NAMES);
  } catch (error) {
    if (error instanceof StepSyntaxError) return null;
    throw error;
  }
}

describe('readReferences (a relationship’s references without decoding it)', () => {
  it.each([
    [`('2Yt$PL',#5,$,$,(#7,#8,#9),#12)`, [[7, 8, 9], 12, 5, null, null]],
    [
      ` ( '2Y''t' , * , 'a ''b'' \\X2\\00E9\\X0\\' ,$,( #7 , $ ,'x', #8 ) , ( #12 , #13 ) ) `,
      [[7, 8], [12, 13], null, null, null],
    ],
    [`('g',#5,$,$,(),#12)`, [[], 12, 5, null, null]],
    [`('g',#5,$,$,#7,(#12))`, [7, [12], 5, null, null]],
    [`()`, [null, null, null, null, null]],
    [`('g',#5,$,$,(#7),#12,#99,'extra',(#1))`, [[7], 12, 5, null, null]],
    [`('g',#5,$,$,(#7),#12)\n`, [[7], 12, 5, null, null]],
  ])('reads %s as the decoder does', (text, expected) => {
    expect(scanned(text)).toEqual(expected);
    expect(decoded(text)).toEqual(expected);
  });

  it.each([
    // values a relationship seldom holds: the decoder reads them (typed references count as references)
    `('g',#5,$,$,(#7),IFCPROPERTYSET(#12))`,
    `('g',#5,$,$,(#7,IFCLABEL(#8)),#12)`,
    `('g',#5,$,$,((#7),#8),#12)`,
    `('g',#5,3.5,.T.,(#7),#12)`,
    `('g',#5,"0FF",$,(#7),#12)`,
    `('g',#5,$,$,(#7 /* a comment */,#8),#12)`,
    `('g',/**/#5,$,$,(#7),#12)`,
    // records the decoder refuses: never read here either
    `('g',#5,$,$,(#7),#12`,
    `('g',#5,$,$,(#7,),#12)`,
    `('g',#5,$,$,(#7 #8),#12)`,
    `('g',#,$,$,(#7),#12)`,
    `('g',#5,$,$,(#7),#99999999999)`,
    `('g,#5,$,$,(#7),#12)`,
    `('g',#5,$,$,(#7),#12) x`,
    `'g',#5`,
    `('g',#5,$,$,(#7),#12))`,
  ])('leaves %s to the decoder', (text) => {
    expect(scanned(text)).toBeNull();
  });

  it('agrees with the decoder on every record it reads, whatever is cut off its end', () => {
    const record = ` ('2Yt''$PL', #5 ,$,'d',(#7, $,#8 ,'x'), ( #12,#13))`;
    let read = 0;
    for (let cut = 0; cut <= record.length; cut++) {
      const text = record.slice(0, cut);
      const fast = scanned(text);
      if (fast === null) continue;
      read++;
      expect(fast).toEqual(decoded(text));
    }
    // only the whole record is complete: every shorter cut is left to the decoder, which refuses it
    expect(read).toBe(1);
  });
});
