import {
  addModelFieldsSchema,
  projectSettingsRequestSchema,
  renameModelRequestSchema,
  versionUploadAcceptedSchema,
} from './models';

describe('renameModelRequestSchema', () => {
  it('trims the name and keeps unicode as typed', () => {
    expect(renameModelRequestSchema.parse({ name: '  Tragwerk – Bauteil Ü 🏗  ' })).toEqual({
      name: 'Tragwerk – Bauteil Ü 🏗',
    });
  });

  it.each([[''], ['   '], ['x'.repeat(121)], [42], [null]])('rejects %p', (name) => {
    expect(renameModelRequestSchema.safeParse({ name }).success).toBe(false);
  });

  it.each([['a\u0000b'], ['two\tcolumns'], ['two\nlines'], ['report\u202efdp']])(
    'rejects control characters inside: %j',
    (name) => {
      const parsed = renameModelRequestSchema.safeParse({ name });
      expect(parsed.error?.issues[0]?.message).toBe(
        'A model name cannot hold control characters (tabs, line breaks, text-direction controls)',
      );
    },
  );

  it.each([
    [{}, 'Enter a model name'],
    [{ name: 42 }, 'A model name must be text'],
    [{ name: null }, 'A model name must be text'],
    [{ name: '\u200b' }, 'Enter a model name'],
  ])('says what is wrong with %j in the product’s words', (body, message) => {
    expect(renameModelRequestSchema.safeParse(body).error?.issues.map((issue) => issue.message)).toEqual([
      message,
    ]);
  });

  it('accepts exactly 120 characters', () => {
    expect(renameModelRequestSchema.parse({ name: 'x'.repeat(120) }).name).toHaveLength(120);
  });
});

describe('projectSettingsRequestSchema', () => {
  it.each([[1], [100], [null]])('accepts retention %p', (retention) => {
    expect(projectSettingsRequestSchema.parse({ retention })).toEqual({ retention });
  });

  it.each([[0], [101], [2.5], ['3']])('rejects retention %p', (retention) => {
    const result = projectSettingsRequestSchema.safeParse({ retention });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Retention is a whole number of versions from 1 to 100, or null to keep every version',
    ]);
  });

  it('takes a project name (trimmed, unicode kept), alone or with a retention setting', () => {
    expect(projectSettingsRequestSchema.parse({ name: '  Tårn Ø8 — 北京  ' })).toEqual({
      name: 'Tårn Ø8 — 北京',
    });
    expect(projectSettingsRequestSchema.parse({ name: 'Tower', retention: null })).toEqual({
      name: 'Tower',
      retention: null,
    });
  });

  it.each([
    [{}, 'Send a project name, a retention setting, or both'],
    [{ retention: undefined }, 'Send a project name, a retention setting, or both'],
    [{ name: '  ' }, 'Enter a project name'],
    [{ name: ' \u200b\ufeff ' }, 'Enter a project name'],
    [{ name: 'x'.repeat(121) }, 'A project name has at most 120 characters'],
    [{ name: null }, 'A project name must be text'],
    [
      { name: 'two\nlines' },
      'A project name cannot hold control characters (tabs, line breaks, text-direction controls)',
    ],
  ])('says what is wrong with %j in the product’s words', (body, message) => {
    expect(projectSettingsRequestSchema.safeParse(body).error?.issues.map((issue) => issue.message)).toEqual([
      message,
    ]);
  });
});

describe('addModelFieldsSchema', () => {
  it('leaves the name out when none is sent, so the file name names the model', () => {
    expect(addModelFieldsSchema.parse({})).toEqual({});
  });
});

describe('versionUploadAcceptedSchema', () => {
  it('is the upload answer plus the model and version it became', () => {
    const base = {
      success: true,
      message: 'Upload received; processing started',
      projectId: 'proj_1',
      jobId: 'job_1',
      status: 'queued',
      eventsUrl: '/api/ifc/jobs/job_1/events',
      odataUrl: 'http://x/api/ifc/odata/projects/proj_1/',
      tableauUrl: 'http://x/api/ifc/odata/IFCElements',
    };
    expect(versionUploadAcceptedSchema.safeParse(base).success).toBe(false);
    expect(versionUploadAcceptedSchema.parse({ ...base, modelId: 'proj_1', versionNumber: 2 })).toMatchObject(
      {
        versionNumber: 2,
      },
    );
  });
});
