import { StepModel } from './step-model';
import { StepSchema, layoutOf } from './step-schema';

/** Records the row building asks for but cannot decode: counted once each, the first one remembered. */
describe('StepModel unreadable records', () => {
  function modelWith(records: Array<[number, string, string]>): StepModel {
    const model = new StepModel(StepSchema.of(layoutOf('IFC4')), {});
    for (const [id, type, parameters] of records) {
      const bytes = Buffer.from(parameters, 'latin1');
      model.entity(id, type, bytes, 0, bytes.length);
    }
    return model;
  }

  it('reads an unreadable record as missing, counted once however often it is asked for', () => {
    const model = modelWith([
      [1, 'IFCMATERIAL', "('Brick',$,$)"],
      [2, 'IFCMATERIAL', "('Oak',$,$"],
      [3, 'IFCMATERIAL', "('Steel' 'x',$,$)"],
    ]);
    try {
      expect(model.faults.unreadableRecords()).toEqual({ count: 0, first: null });
      expect(model.line(1)).toMatchObject({ expressID: 1 });
      for (let i = 0; i < 3; i++) expect(model.line(2)).toBeNull();
      expect(model.lines([1, 2, 3]).size).toBe(1);
      expect(model.faults.unreadableRecords()).toEqual({
        count: 2,
        first: { id: 2, type: 'IfcMaterial', reason: "expected ',' or ')' at byte 11 of the parameter list" },
      });
    } finally {
      model.close();
    }
  });
});
