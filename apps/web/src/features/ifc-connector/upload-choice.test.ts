import { formatDateTime } from '@/lib/format';
import { choiceOptionLabels, defaultTarget, modelChoices, targetLabel } from './upload-choice';

const project = (projectId: string, name: string, models: Array<[string, string, string]>) => ({
  projectId,
  name,
  models: models.map(([modelId, modelName, fileName]) => ({
    modelId,
    name: modelName,
    latestVersionNumber: 1,
    fileName,
    runningVersionNumber: null,
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

describe('choiceOptionLabels', () => {
  const twin = (projectId: string, createdAt: string, latest: number) => ({
    ...project(projectId, 'big', [[`${projectId}-m`, 'big', 'big.ifc']]),
    createdAt,
    models: [
      {
        modelId: `${projectId}-m`,
        name: 'big',
        latestVersionNumber: latest,
        fileName: 'big.ifc',
        runningVersionNumber: null,
      },
    ],
  });

  it('keeps "<model> in <project>" for names that are unique', () => {
    expect(choiceOptionLabels(modelChoices(projects))).toEqual([
      'Architecture in Hospital',
      'Structure in Hospital',
      'École Ω in École Ω',
    ]);
  });

  it('tells apart two projects of the same name by creation time and latest version', () => {
    const a = '2026-11-30T02:49:00.000Z';
    const b = '2026-11-30T03:09:00.000Z';
    const labels = choiceOptionLabels(modelChoices([twin('p-aaaaaa', a, 6), twin('p-bbbbbb', b, 1)]));
    expect(labels).toEqual([
      `big in big (project created ${formatDateTime(a)}, v6)`,
      `big in big (project created ${formatDateTime(b)}, v1)`,
    ]);
    expect(new Set(labels).size).toBe(2);
  });

  it('adds the end of the project id when even those are alike', () => {
    const at = '2026-11-30T02:49:00.000Z';
    const labels = choiceOptionLabels(modelChoices([twin('p-aaaaaa', at, 1), twin('p-bbbbbb', at, 1)]));
    expect(labels[0]).toMatch(/ · id …aaaaaa$/);
    expect(labels[1]).toMatch(/ · id …bbbbbb$/);
  });
});
