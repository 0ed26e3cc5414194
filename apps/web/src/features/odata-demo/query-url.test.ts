import { buildODataPath, checkTop, type ODataQuery } from './query-url';

const base: ODataQuery = {
  entitySet: 'IFCElements',
  projectId: '',
  filter: '',
  select: '',
  orderby: '',
  top: '',
};

describe('buildODataPath', () => {
  it('is the bare entity set without options', () => {
    expect(buildODataPath(base)).toBe('/api/ifc/odata/IFCElements');
  });

  it('adds the options in order, encoding spaces and quotes as the browser sends them, keeping OData punctuation readable', () => {
    const path = buildODataPath({
      ...base,
      filter: "IfcType eq 'IfcWall' and contains(Name,'A&B')",
      select: 'Name, IfcType ,Storey',
      orderby: 'Name desc',
      top: '5',
    });
    expect(path).toBe(
      '/api/ifc/odata/IFCElements?$filter=IfcType%20eq%20%27IfcWall%27%20and%20contains(Name,%27A%26B%27)&$select=Name,IfcType,Storey&$orderby=Name%20desc&$top=5',
    );
    // What the server decodes is exactly what was typed.
    const params = new URL(path, 'http://x').searchParams;
    expect(params.get('$filter')).toBe("IfcType eq 'IfcWall' and contains(Name,'A&B')");
  });

  it('uses the per-project root when a project is chosen', () => {
    expect(buildODataPath({ ...base, entitySet: 'IFCProperties', projectId: 'proj 1', top: '3' })).toBe(
      '/api/ifc/odata/projects/proj%201/IFCProperties?$top=3',
    );
  });
});

describe('checkTop', () => {
  it('accepts empty or whole numbers only', () => {
    expect(checkTop('')).toEqual({ ok: true });
    expect(checkTop(' 20 ')).toEqual({ ok: true });
    expect(checkTop('2.5')).toMatchObject({ ok: false });
    expect(checkTop('-1')).toMatchObject({ ok: false });
  });
});
