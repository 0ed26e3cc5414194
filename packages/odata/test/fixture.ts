/** Shared test model and ~200 rows with the awkward values: nulls, quotes, wildcards, unicode. */
import type { EntityModel } from '../src/model';

export const model: EntityModel = {
  namespace: 'Test',
  containerName: 'Container',
  entityTypes: [
    {
      name: 'Element',
      key: ['Id'],
      properties: [
        { name: 'Id', type: 'Edm.Int32', nullable: false },
        { name: 'Name', type: 'Edm.String', nullable: true },
        { name: 'Area', type: 'Edm.Double', nullable: true },
        { name: 'Count', type: 'Edm.Int32', nullable: true, column: 'cnt' },
        { name: 'Price', type: 'Edm.Decimal', nullable: true },
        { name: 'Big', type: 'Edm.Int64', nullable: true },
        { name: 'IsExternal', type: 'Edm.Boolean', nullable: true },
        { name: 'Created', type: 'Edm.DateTimeOffset', nullable: true },
        { name: 'Day', type: 'Edm.Date', nullable: true },
        { name: 'Uid', type: 'Edm.Guid', nullable: true },
        { name: 'ProjectId', type: 'Edm.Int32', nullable: true },
      ],
      navigation: [
        {
          name: 'Project',
          target: 'Project',
          collection: false,
          constraint: [{ property: 'ProjectId', referencedProperty: 'Id' }],
          partner: 'Elements',
        },
      ],
    },
    {
      name: 'Project',
      key: ['Id'],
      properties: [
        { name: 'Id', type: 'Edm.Int32', nullable: false },
        { name: 'Title', type: 'Edm.String', nullable: true },
      ],
      navigation: [{ name: 'Elements', target: 'Element', collection: true, partner: 'Project' }],
    },
  ],
  entitySets: [
    { name: 'Elements', entityType: 'Element' },
    { name: 'Projects', entityType: 'Project' },
  ],
};

export interface Row {
  Id: number;
  Name: string | null;
  Area: number | null;
  Count: number | null;
  Price: number | null;
  Big: number | null;
  IsExternal: boolean | null;
  Created: string | null;
  Day: string | null;
  Uid: string | null;
  ProjectId: number | null;
}

export interface ProjectRow {
  Id: number;
  Title: string | null;
}

const NAMES = [
  "O'Brien",
  'Wall 100%',
  'under_score',
  'back\\slash',
  'Bürogebäude',
  '日本',
  'Wall',
  'wall',
  'WALL-2',
  'Door',
  ' padded ',
  '',
  'a%b_c',
  'Ünïcödé',
  'Slab Level 1',
  'x',
  "It''s",
];

/** Deterministic pseudo-random generator so failures reproduce. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

export function makeRows(n = 200): { rows: Row[]; projects: ProjectRow[] } {
  const r = rng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const maybe = <T>(v: T, p = 0.15): T | null => (r() < p ? null : v);
  const rows: Row[] = [];
  for (let i = 1; i <= n; i++) {
    const ms = Date.UTC(
      2020 + Math.floor(r() * 5),
      Math.floor(r() * 12),
      1 + Math.floor(r() * 28),
      Math.floor(r() * 24),
      Math.floor(r() * 60),
      Math.floor(r() * 60),
      Math.floor(r() * 1000),
    );
    rows.push({
      Id: i,
      Name: maybe(pick(NAMES) + (r() < 0.3 ? ` ${i}` : '')),
      Area: maybe(Math.round(r() * 5000) / 4 - 100),
      Count: maybe(Math.floor(r() * 21) - 5),
      Price: maybe(Math.round(r() * 100000) / 100),
      Big: maybe(Math.floor(r() * 1e12)),
      IsExternal: maybe(r() < 0.5),
      Created: maybe(new Date(ms).toISOString()),
      Day: maybe(new Date(ms).toISOString().slice(0, 10)),
      Uid: maybe(
        `${i.toString(16).padStart(8, '0')}-0000-4000-8000-${(i * 7919).toString(16).padStart(12, '0')}`,
      ),
      ProjectId: maybe(1 + (i % 5), 0.05),
    });
  }
  rows.push({
    Id: n + 1,
    Name: null,
    Area: null,
    Count: null,
    Price: null,
    Big: null,
    IsExternal: null,
    Created: null,
    Day: null,
    Uid: null,
    ProjectId: null,
  });
  const projects: ProjectRow[] = [1, 2, 3, 4, 5, 6].map((id) => ({
    Id: id,
    Title: id === 3 ? null : id === 6 ? 'Empty' : `Project ${id}`,
  }));
  return { rows, projects };
}
