import { MODEL_NAME_MAX, projectNameSchema } from '@aec/contracts';
import { projectName } from './models.service';

describe('a project’s and its first model’s default name', () => {
  it('is the file name without .ifc, unicode kept', () => {
    expect(projectName('Tårn Ø8 — 北京.IFC')).toBe('Tårn Ø8 — 北京');
    expect(projectName('  Tower v2.ifc')).toBe('Tower v2');
  });

  it.each([['.ifc'], ['\u200b.ifc'], ['\ufeff\u200d.IFC'], ['   ']])(
    'is "Model" when %j shows nothing',
    (file) => {
      expect(projectName(file)).toBe('Model');
    },
  );

  it('is cut to the longest name one may type, never inside a surrogate pair, and the contract accepts it', () => {
    const long = projectName(`${'🏗'.repeat(MODEL_NAME_MAX)}.ifc`);
    expect(long.length).toBeLessThanOrEqual(MODEL_NAME_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(long).not.toMatch(/[\uD800-\uDBFF]…$/);
    expect(projectNameSchema.parse(long)).toBe(long);
  });
});
