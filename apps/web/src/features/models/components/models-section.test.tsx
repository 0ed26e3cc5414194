import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { projectModelsQueryKey } from '@/lib/api/projects';
import { historyFixture, modelFixture, versionFixture } from '../history-fixture';
import { ModelsSection } from './models-section';

/** The section's text, tags stripped, for reading what a user sees. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** Accessible names of the buttons: visible text plus the screen-reader context. */
const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) => text(m[1]!).trim());

function render(setup: (client: QueryClient) => void, isOwner = true) {
  // retryOnMount off: a server render cannot run the retry, so an errored query would show as loading for ever.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  setup(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ModelsSection projectId="p1" isOwner={isOwner} />
    </QueryClientProvider>,
  );
}

const twoVersions = historyFixture([
  modelFixture({
    latestVersionNumber: 2,
    versions: [
      versionFixture({
        number: 2,
        fileName: 'Tower rev B.ifc',
        warnings: ['0 elements in common with version 1'],
        changes: {
          status: 'ready',
          previousVersionNumber: 1,
          added: 4,
          removed: 2,
          modified: 3,
          propertyValuesChanged: 11,
          commonElements: 0,
          byType: [{ ifcType: 'IfcWall', added: 4, removed: 2, modified: 3 }],
          byStorey: [{ storey: '', added: 4, removed: 2, modified: 3 }],
          error: null,
        },
      }),
      versionFixture({ number: 1, isLatest: false }),
    ],
  }),
]);

describe('Models and versions', () => {
  it('says it is loading before the history arrives', () => {
    const html = render(() => undefined);
    expect(text(html)).toContain('Models and versions');
    expect(text(html)).toContain('Loading models and versions...');
  });

  it('says why the history could not be read', () => {
    const html = render((client) =>
      client
        .getQueryCache()
        .build(client, { queryKey: projectModelsQueryKey('p1') })
        .setState({
          status: 'error',
          error: new Error('Project not found'),
          fetchStatus: 'idle',
        }),
    );
    expect(text(html)).toContain('Could not load the models');
    expect(text(html)).toContain('Project not found');
  });

  it('lists each version with its figures, warnings and what changed in the latest', () => {
    const html = render((client) => client.setQueryData(projectModelsQueryKey('p1'), twoVersions));
    const seen = text(html);
    expect(seen).toMatch(/Version 2 Latest ready/);
    expect(seen).toContain('Tower rev B.ifc');
    expect(seen).toContain('0 elements in common with version 1');
    expect(seen).toContain('What changed');
    expect(seen).toMatch(/Added 4 Removed 2 Modified 3 Property values changed 11/);
    expect(seen).toContain('No storey');
  });

  it('gives the owner upload, rename, roll back and delete for the older version only', () => {
    const names = buttons(render((client) => client.setQueryData(projectModelsQueryKey('p1'), twoVersions)));
    expect(names).toEqual(
      expect.arrayContaining([
        'Upload new version',
        'Rename model Architecture',
        'Roll back to version 1 of Architecture',
        'Delete version 1 of Architecture',
        'Add model',
      ]),
    );
    expect(names.filter((n) => n.startsWith('Roll back'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('Delete version'))).toHaveLength(1);
    // The project's only model cannot be deleted (the project is deleted instead).
    expect(names.some((n) => n.startsWith('Delete model'))).toBe(false);
  });

  it('offers a model’s deletion once the project has two', () => {
    const html = render((client) =>
      client.setQueryData(
        projectModelsQueryKey('p1'),
        historyFixture([modelFixture(), modelFixture({ modelId: 'm2', name: 'Structure ñ' })]),
      ),
    );
    expect(buttons(html)).toEqual(
      expect.arrayContaining(['Delete model Architecture', 'Delete model Structure ñ']),
    );
  });

  it('shows a reader the history and no action', () => {
    const html = render((client) => client.setQueryData(projectModelsQueryKey('p1'), twoVersions), false);
    expect(text(html)).toContain('Version 1');
    expect(buttons(html).filter((n) => !/^(Show|Hide) changes/.test(n))).toEqual([]);
    expect(text(html)).toContain('Every version is kept.');
  });
});
