import request from 'supertest';
import { describeEachStore } from '../../test/store-fixtures';
import { elementRow, propertyRow, spatialRow } from '../../test/row-fixtures';
import { buildTestRuntime, registerAndLogin } from '../../test/test-app';
import type { Store } from '../../store/types';

/** Names BI users type: Scandinavian rebar marks, accents, German, Turkish, Greek (with a final sigma). */
const NAMES = [
  'Ø8 Rebar',
  'ø8 stirrup',
  'Ø10 bar',
  'ÉTAGE Façade',
  'étage façade',
  'Åland Wall',
  'Straße',
  'STRASSE',
  'İzmir Slab',
  'ΟΔΟΣ Beam',
  'σοφία',
  'plain ascii',
  'ǅemal Column',
];

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** JavaScript's order of strings (UTF-16 code units; the same as code points for these names). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** tolower/toupper follow Unicode as JavaScript's toLowerCase/toUpperCase do, in $filter and $orderby. */
describeEachStore('OData feed: Unicode case mapping', (target) => {
  let store: Store;
  let runtime: ReturnType<typeof buildTestRuntime>;
  let token: string;
  let projectId: string;
  const feed = (query: string, set = 'IFCElements') =>
    request(runtime.app).get(`/api/ifc/odata/${set}?${query}`).set('Authorization', `Bearer ${token}`);
  const namesOf = async (filter: string, set = 'IFCElements', column = 'Name') =>
    (await feed(`$filter=${encodeURIComponent(filter)}&$select=${column}`, set).expect(200)).body.value
      .map((r: Record<string, string>) => r[column])
      .sort();
  const names = (filter: string) => namesOf(filter);
  const expected = (keep: (name: string) => boolean) => NAMES.filter(keep).sort();

  beforeAll(async () => {
    store = await target.open();
    runtime = buildTestRuntime(store);
    const owner = await registerAndLogin(runtime.app, 'caseowner');
    token = owner.token;
    // Every row kind carries the names: elements by Name, properties by Value, storeys by Name.
    projectId = `p_case_${target.name}`;
    await store.projects.create({
      id: projectId,
      ownerId: owner.user.id,
      isPublic: false,
      name: 'Case fixture',
      fileName: 'case.ifc',
      fileSize: 1,
      schema: 'IFC4',
    });
    const version = await store.projects.nextVersion(projectId);
    await store.rows.insertBatch(projectId, version, {
      elements: NAMES.map((name, i) => elementRow(i + 1, { Name: name, GlobalId: `u-${i}` })),
      properties: NAMES.map((name, i) => propertyRow(i + 1, { PropertyName: 'Mark', Value: name })),
      spatial: NAMES.map((name, i) => spatialRow(100 + i, { Name: name })),
    });
    await store.projects.publish(projectId, version, {
      schema: 'IFC4',
      elementCount: NAMES.length,
      propertyCount: NAMES.length,
      spatialCount: NAMES.length,
      countsByType: {},
      countsByStorey: {},
    });
    expect(await store.rows.buildWideElements(projectId, version)).not.toBeNull();
  });
  afterAll(async () => {
    await runtime.processor.close();
    await runtime.usage.stop();
    await target.dispose(store);
  });

  it("matches contains(tolower(Name),'ø8') on names holding Ø8, as JavaScript's toLowerCase does", async () => {
    expect(await names("contains(tolower(Name),'ø8')")).toEqual(
      expected((n) => n.toLowerCase().includes('ø8')),
    );
    expect(await names("contains(tolower(Name),'étage')")).toEqual(
      expected((n) => n.toLowerCase().includes('étage')),
    );
    expect(await names("startswith(toupper(Name),'ÅLAND')")).toEqual(
      expected((n) => n.toUpperCase().startsWith('ÅLAND')),
    );
    expect(await names("endswith(toupper(Name),'SSE')")).toEqual(
      expected((n) => n.toUpperCase().endsWith('SSE')),
    );
    expect(await names("startswith(tolower(Name),'i̇z')")).toEqual(
      expected((n) => n.toLowerCase().startsWith('i̇z')),
    );
  });

  it('maps every name as JavaScript does, the expanding and context-dependent mappings included', async () => {
    for (const name of NAMES) {
      const lower = await names(`tolower(Name) eq ${literal(name.toLowerCase())}`);
      expect([name, lower]).toEqual([name, expected((n) => n.toLowerCase() === name.toLowerCase())]);
      const upper = await names(`toupper(Name) eq ${literal(name.toUpperCase())}`);
      expect([name, upper]).toEqual([name, expected((n) => n.toUpperCase() === name.toUpperCase())]);
      const notUpper = await names(`toupper(Name) ne ${literal(name.toUpperCase())}`);
      expect([name, notUpper]).toEqual([name, expected((n) => n.toUpperCase() !== name.toUpperCase())]);
    }
  });

  it('compares, negates and lists mapped names as JavaScript does', async () => {
    expect(await names("tolower(Name) gt 'p'")).toEqual(expected((n) => n.toLowerCase() > 'p'));
    expect(await names("toupper(Name) le 'STRASSE'")).toEqual(expected((n) => n.toUpperCase() <= 'STRASSE'));
    expect(await names("'οδος beam' eq tolower(Name)")).toEqual(['ΟΔΟΣ Beam']);
    expect(await names("not contains(toupper(Name),'SS')")).toEqual(
      expected((n) => !n.toUpperCase().includes('SS')),
    );
    expect(await names("tolower(Name) in ('straße','strasse','σοφία')")).toEqual(
      expected((n) => ['straße', 'strasse', 'σοφία'].includes(n.toLowerCase())),
    );
    // Text the mapping can never produce matches nothing (and everything is unequal to it).
    expect(await names("tolower(Name) eq 'STRASSE'")).toEqual([]);
    expect(await names("toupper(Name) ne 'straße'")).toEqual(expected(() => true));
  });

  it('maps names inside other functions too, or (only where the server cannot evaluate them) answers 501', async () => {
    const cases: [string, (n: string) => boolean][] = [
      ['length(tolower(Name)) eq 11', (n) => n.toLowerCase().length === 11],
      ["indexof(toupper(Name),'SS') gt 2", (n) => n.toUpperCase().indexOf('SS') > 2],
      ["substring(toupper(Name),0,4) eq 'STRA'", (n) => n.toUpperCase().slice(0, 4) === 'STRA'],
      ["concat(tolower(Name),'!') eq 'οδος beam!'", (n) => `${n.toLowerCase()}!` === 'οδος beam!'],
    ];
    for (const [filter, keep] of cases) {
      const res = await feed(`$filter=${encodeURIComponent(filter)}&$select=Name`);
      // FerretDB, the MongoDB emulator CI runs, evaluates no comparison inside $expr: it says so, never 500.
      if (target.name === 'mongodb' && res.status === 501) {
        expect(res.body.error).toMatchObject({ code: 'NotImplemented', message: expect.any(String) });
        continue;
      }
      expect([filter, res.status]).toEqual([filter, 200]);
      expect(res.body.value.map((r: { Name: string }) => r.Name).sort()).toEqual(expected(keep));
    }
  });

  it('maps the property and spatial sets and the wide set the same way', async () => {
    expect(await namesOf("toupper(Value) eq 'STRASSE'", 'IFCProperties', 'Value')).toEqual(
      expected((n) => n.toUpperCase() === 'STRASSE'),
    );
    expect(await namesOf("tolower(Name) eq 'i̇zmir slab'", 'IFCSpatialStructure')).toEqual(['İzmir Slab']);
    const wide = (filter: string) =>
      request(runtime.app)
        .get(`/api/ifc/odata/projects/${projectId}/IFCElementsWide?$filter=${encodeURIComponent(filter)}`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    const rows = (await wide("endswith(tolower(Pset_WallCommon_Mark),'ος beam')")).body.value;
    expect(rows.map((r: { Name: string }) => r.Name)).toEqual(['ΟΔΟΣ Beam']);
    const byElementName = (await wide("toupper(Name) eq 'STRASSE'")).body.value;
    expect(byElementName.map((r: { Name: string }) => r.Name).sort()).toEqual(['STRASSE', 'Straße']);
  });

  it('keeps the case-mapped values out of the entities served', async () => {
    const all = await feed('$filter=' + encodeURIComponent("Name eq 'Ø8 Rebar'")).expect(200);
    const text = JSON.stringify(all.body);
    expect(text).toContain('Ø8 Rebar');
    expect(text).not.toContain('ø8 rebar');
    expect(text).not.toContain('Ø8 REBAR');
    const props = await feed('$filter=' + encodeURIComponent("Value eq 'Ø8 Rebar'"), 'IFCProperties').expect(
      200,
    );
    expect(JSON.stringify(props.body)).not.toContain('ø8 rebar');
  });

  it('orders by tolower(Name) and toupper(Name) in Unicode case, across pages', async () => {
    const ordered = async (orderby: string) => {
      const out: string[] = [];
      let next: string | undefined =
        `/api/ifc/odata/IFCElements?$orderby=${encodeURIComponent(orderby)}&$select=Name`;
      while (next) {
        const res: request.Response = await request(runtime.app)
          .get(next.replace(/^https?:\/\/[^/]+/, ''))
          .set('Authorization', `Bearer ${token}`)
          .set('Prefer', 'odata.maxpagesize=4')
          .expect(200);
        out.push(...res.body.value.map((r: { Name: string }) => r.Name));
        next = res.body['@odata.nextLink'];
      }
      return out;
    };
    // Ties (equal mapped names) are ordered by Id, i.e. by position in NAMES: compare the mapped names only.
    const lower = await ordered('tolower(Name),Id');
    expect(lower.map((n) => n.toLowerCase())).toEqual(NAMES.map((n) => n.toLowerCase()).sort(byCodeUnits));
    const upper = await ordered('toupper(Name) desc,Id');
    expect(upper.map((n) => n.toUpperCase())).toEqual(
      NAMES.map((n) => n.toUpperCase())
        .sort(byCodeUnits)
        .reverse(),
    );
    expect(await names("Name eq 'plain ascii'")).toEqual(['plain ascii']);
  });

  /** Projects, models, versions and change rows named as BI users name them (the `~lower`/`~upper` copies' sets). */
  const SET_NAMES = ['Ø8 Tower', 'Straße', 'İzmir Hall', 'ΟΔΟΣ', 'σοφία'];
  let namedSets: Promise<string> | undefined;
  /** Resolves to the prefix of the fixture's project ids: one project per name, each with two versions. */
  function setsFixture(): Promise<string> {
    namedSets ??= (async () => {
      const prefix = `p_sets_${target.name}_`;
      const owner = (await store.projects.findById(projectId))!.ownerId;
      for (const [i, name] of SET_NAMES.entries()) {
        const id = `${prefix}${i}`;
        await store.projects.create({
          id,
          ownerId: owner,
          isPublic: false,
          name,
          fileName: `${name} model.ifc`,
          fileSize: 1,
          schema: 'IFC4',
        });
        await store.models.create({ id, projectId: id, name });
        const versions = [];
        for (const value of ['plain', name]) {
          const v = await store.models.createVersion({
            projectId: id,
            modelId: id,
            fileName: `${name} model.ifc`,
            fileSize: 1,
            uploaderId: null,
            schema: 'IFC4',
          });
          await store.rows.insertBatch(
            id,
            v.version,
            {
              elements: [elementRow(1, { GlobalId: 'G1', Name: value })],
              properties: [propertyRow(1, { ElementGlobalId: 'G1', PropertyName: 'Mark', Value: value })],
            },
            { modelId: id, modelName: name, versionNumber: v.number, changedAt: v.createdAt },
          );
          await store.projects.publish(id, v.version, {
            schema: 'IFC4',
            elementCount: 1,
            propertyCount: 1,
            spatialCount: 0,
            countsByType: {},
            countsByStorey: {},
          });
          versions.push(v.version);
        }
        // Version 2 renamed the element and changed its property: one IFCChanges and one IFCPropertyChanges row.
        await store.rows.computeChanges(id, versions[1]!, versions[0]!);
      }
      return prefix;
    })();
    return namedSets;
  }

  it('maps the Projects, Models, Versions, IFCChanges and IFCPropertyChanges text columns and ModelName as JavaScript does', async () => {
    const prefix = await setsFixture();
    const mine = `startswith(ProjectId,${literal(prefix)})`;
    const sets: [string, string, string[]][] = [
      ['Projects', 'Name', SET_NAMES],
      ['Projects', 'FileName', SET_NAMES.map((n) => `${n} model.ifc`)],
      ['Models', 'Name', SET_NAMES],
      ['Versions', 'ModelName', [...SET_NAMES, ...SET_NAMES]],
      ['Versions', 'FileName', [...SET_NAMES, ...SET_NAMES].map((n) => `${n} model.ifc`)],
      ['IFCChanges', 'Name', SET_NAMES],
      ['IFCChanges', 'ModelName', SET_NAMES],
      ['IFCPropertyChanges', 'NewValue', SET_NAMES],
      ['IFCPropertyChanges', 'ModelName', SET_NAMES],
      ['IFCElements', 'ModelName', SET_NAMES],
      ['IFCProperties', 'ModelName', SET_NAMES],
    ];
    for (const [set, column, values] of sets)
      for (const name of SET_NAMES)
        for (const [fn, map] of [
          ['tolower', (t: string) => t.toLowerCase()],
          ['toupper', (t: string) => t.toUpperCase()],
        ] as const) {
          const text = column === 'FileName' ? `${name} model.ifc` : name;
          const filter = `${fn}(${column}) eq ${literal(map(text))} and ${mine}`;
          const res = await feed(`$filter=${encodeURIComponent(filter)}&$select=${column}`, set);
          expect([set, filter, res.status]).toEqual([set, filter, 200]);
          const got = res.body.value.map((r: Record<string, string>) => r[column]).sort();
          expect([set, filter, got]).toEqual([
            set,
            filter,
            values.filter((v) => map(v) === map(text)).sort(),
          ]);
        }
    expect(await namesOf(`contains(tolower(Name),'ø8') and ${mine}`, 'Projects')).toEqual(['Ø8 Tower']);
    expect(await namesOf(`endswith(toupper(Name),'SSE') and ${mine}`, 'Models')).toEqual(['Straße']);
  });

  it('orders the Projects, Models and Versions sets by tolower/toupper of their text columns', async () => {
    const prefix = await setsFixture();
    const mine = encodeURIComponent(`startswith(ProjectId,${literal(prefix)})`);
    for (const [set, column, orderby, map] of [
      ['Projects', 'Name', 'tolower(Name)', (t: string) => t.toLowerCase()],
      ['Models', 'Name', 'toupper(Name) desc', (t: string) => t.toUpperCase()],
      ['Versions', 'ModelName', 'tolower(ModelName),VersionNumber', (t: string) => t.toLowerCase()],
    ] as const) {
      const res = await feed(
        `$filter=${mine}&$orderby=${encodeURIComponent(orderby)}&$select=${column}`,
        set,
      );
      expect([set, res.status]).toEqual([set, 200]);
      const got = res.body.value.map((r: Record<string, string>) => map(r[column]!));
      const expected = got.slice().sort(byCodeUnits);
      if (orderby.includes('desc')) expected.reverse();
      expect(got).toEqual(expected);
      expect(got).toHaveLength(set === 'Versions' ? 2 * SET_NAMES.length : SET_NAMES.length);
    }
  });

  it('maps a computed text as JavaScript does (SQLite always; the document store where it can, else 501)', async () => {
    const cases: [string, (n: string) => boolean][] = [
      ["tolower(concat(Name,'x')) eq 'straßex'", (n) => `${n}x`.toLowerCase() === 'straßex'],
      ["toupper(trim(Name)) eq 'STRASSE'", (n) => n.trim().toUpperCase() === 'STRASSE'],
      ["tolower(toupper(Name)) eq 'strasse'", (n) => n.toUpperCase().toLowerCase() === 'strasse'],
    ];
    for (const [filter, keep] of cases) {
      const mine = `${filter} and ProjectId eq ${literal(projectId)}`;
      const res = await feed(`$filter=${encodeURIComponent(mine)}&$select=Name`);
      // The document store maps only what it stored a copy of; what it cannot map it says so, never answers wrong.
      if (target.name === 'mongodb' && res.status === 501) {
        expect(res.body.error).toMatchObject({
          code: 'NotImplemented',
          message: expect.stringMatching(/tolower|toupper/),
        });
        continue;
      }
      expect([filter, res.status]).toEqual([filter, 200]);
      expect(res.body.value.map((r: { Name: string }) => r.Name).sort()).toEqual(expected(keep));
    }
    const sorted = await feed(
      `$filter=${encodeURIComponent(`ProjectId eq ${literal(projectId)}`)}&$orderby=${encodeURIComponent('tolower(substring(Name,1)),Id')}&$select=Name`,
    );
    if (target.name === 'mongodb') expect(sorted.status).toBe(501);
    else {
      expect(sorted.status).toBe(200);
      const got = sorted.body.value.map((r: { Name: string }) => r.Name.slice(1).toLowerCase());
      expect(got).toEqual(got.slice().sort(byCodeUnits));
    }
    // Of a property, or the same mapping of one (both are idempotent), both stores map.
    expect(await names(`tolower(tolower(Name)) eq 'straße' and ProjectId eq ${literal(projectId)}`)).toEqual([
      'Straße',
    ]);
  });
});
