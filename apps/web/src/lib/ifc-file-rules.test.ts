import { fileProblem, INVALID_EXTENSION_MESSAGE, MAX_FILE_BYTES } from './ifc-file-rules';

describe('fileProblem', () => {
  it('accepts an .ifc file of any case up to the limit', () => {
    expect(fileProblem({ name: 'Tür – Ebene 1.IFC', size: MAX_FILE_BYTES })).toBeNull();
  });

  it('refuses another extension and a file over the limit, saying why', () => {
    expect(fileProblem({ name: 'model.ifczip', size: 10 })).toBe(INVALID_EXTENSION_MESSAGE);
    expect(fileProblem({ name: 'model.ifc', size: MAX_FILE_BYTES + 1 })).toMatch(/maximum is 100MB/);
  });
});
