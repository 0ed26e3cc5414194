import { uploadLimitsOf } from '@aec/contracts';
import { fileProblem, INVALID_EXTENSION_MESSAGE, uploadLimitFrom } from './ifc-file-rules';

const spec = uploadLimitFrom(uploadLimitsOf(100));
const tenGb = uploadLimitFrom(uploadLimitsOf(10240));

describe('fileProblem', () => {
  it('accepts an .ifc file of any case up to the limit', () => {
    expect(fileProblem({ name: 'Tür – Ebene 1.IFC', size: 104_857_600 }, spec)).toBeNull();
  });

  it('refuses another extension and a file over the limit, saying why', () => {
    expect(fileProblem({ name: 'model.ifczip', size: 10 }, spec)).toBe(INVALID_EXTENSION_MESSAGE);
    expect(fileProblem({ name: 'model.ifc', size: 104_857_601 }, spec)).toMatch(/maximum is 100MB/);
  });

  it("follows the server's limit, and leaves the size to the server while it is unknown", () => {
    expect(fileProblem({ name: 'hospital.ifc', size: 3 * 1024 ** 3 }, tenGb)).toBeNull();
    expect(fileProblem({ name: 'hospital.ifc', size: 11 * 1024 ** 3 }, tenGb)).toBe(
      'This file is 11.00 GB; the maximum is 10GB. Split the model or remove unneeded content and try again.',
    );
    expect(fileProblem({ name: 'hospital.ifc', size: 11 * 1024 ** 3 }, null)).toBeNull();
  });
});
