import { defaultTarget, modelChoices, targetLabel } from './upload-choice';

const project = (projectId: string, name: string, models: Array<[string, string, string]>) => ({
  projectId,
  name,
  models: models.map(([modelId, modelName, fileName]) => ({
    modelId,
    name: modelName,
    latestVersionNumber: 1,
    fileName,
  })),
});

const projects = [
  project('p1', 'Hospital', [
    ['m1', 'Architecture', 'Hospital_ARC.ifc'],
    ['m2', 'Structure', 'Hospital_STR.ifc'],
  ]),
  project('p2', 'École Ω', [['m3', 'École Ω', 'ecole.ifc']]),
];

describe('the connector’s "New project" or "New version of …" question', () => {
  it('lists every model of the user’s projects as a possible target', () => {
    expect(modelChoices(projects).map(targetLabel)).toEqual([
      'New version of Architecture in Hospital',
      'New version of Structure in Hospital',
      'New version of École Ω in École Ω',
    ]);
  });

  it('defaults to a new version of the model whose latest file has the same name, any case', () => {
    expect(defaultTarget('hospital_str.IFC', modelChoices(projects))).toMatchObject({
      kind: 'version',
      projectId: 'p1',
      modelId: 'm2',
    });
    expect(defaultTarget('ecole.ifc', modelChoices(projects))).toMatchObject({ modelId: 'm3' });
  });

  it('defaults to a new project when no model’s file has that name', () => {
    expect(defaultTarget('Hospital_MEP.ifc', modelChoices(projects))).toEqual({ kind: 'new' });
    expect(defaultTarget('Hospital_ARC.ifc', [])).toEqual({ kind: 'new' });
    expect(targetLabel({ kind: 'new' })).toBe('New project');
  });
});
