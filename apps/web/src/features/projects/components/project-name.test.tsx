import { projectNameSchema } from '@aec/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { saveNameDraft } from '@/components/ui/save-name-draft';
import { withFakeFetch } from '@/lib/api/fake-fetch';
import {
  projectModelsQueryKey,
  projectQueryOptions,
  projectsQueryKey,
  updateProjectSettings,
  useUpdateProjectSettings,
} from '@/lib/api/projects';
import { projectSummaryFixture } from '@/lib/test/project-summary-fixture';
import { ProjectName } from './project-name';

/**
 * The project's renamable h1. Unit tests run in Node without a DOM (no clicks or focus here): the markup is read as a
 * user sees it, and Save's path (check, send, refusal) runs through the real schema and fetcher against a fake
 * network. The keyboard (Enter saves, Escape cancels, focus back on Rename) is driven in a browser by
 * e2e/project-history.e2e.ts.
 */
const summary = projectSummaryFixture({
  name: 'Tower_2026-11-01_final',
  fileName: 'Tower_2026-11-01_final.ifc',
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) => text(m[1]!));

const render = (canRename: boolean, name = 'Tower Ω') =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ProjectName projectId="p1" name={name} canRename={canRename} />
    </QueryClientProvider>,
  );

/** Save as the project's name field does it: the draft, the name shown, and the project's rename behind it. */
const saveProjectName = (draft: string, name = summary.name) =>
  saveNameDraft({
    draft,
    name,
    schema: projectNameSchema,
    save: (next) => updateProjectSettings({ projectId: 'p 1', name: next }),
  });

describe('the project’s name on its page', () => {
  it('is the page’s h1, with Rename for the owner naming the project to a screen reader', () => {
    const html = render(true);
    expect(html).toMatch(/<h1[^>]*>Tower Ω<\/h1>/);
    expect(buttons(html)).toEqual(['Rename project Tower Ω']);
  });

  it('is the plain h1 for anyone else', () => {
    const html = render(false);
    expect(html).toMatch(/<h1[^>]*>Tower Ω<\/h1>/);
    expect(buttons(html)).toEqual([]);
  });

  it('wraps a long name anywhere instead of widening the page', () => {
    const html = render(true, 'x'.repeat(120));
    expect(html).toMatch(/<h1[^>]*class="[^"]*\[overflow-wrap:anywhere\]/);
  });

  it('saves the trimmed name', async () => {
    const fake = withFakeFetch([{ status: 200, body: { ...summary, name: 'Tårn Ø8 — 北京' } }]);
    await expect(saveProjectName('  Tårn Ø8 — 北京 ')).resolves.toBeNull();
    expect(fake.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['PATCH', '/api/ifc/projects/p%201', { name: 'Tårn Ø8 — 北京' }],
    ]);
  });

  it('refuses an empty, a 121-character or a control-character name without a request, and keeps an unchanged one', async () => {
    const fake = withFakeFetch([]);
    await expect(saveProjectName('   ')).resolves.toBe('Enter a project name');
    await expect(saveProjectName('x'.repeat(121))).resolves.toBe('A project name has at most 120 characters');
    await expect(saveProjectName('Tower\u202Eevil')).resolves.toMatch(/control characters/);
    await expect(saveProjectName(` ${summary.name} `)).resolves.toBeNull();
    expect(fake.requests).toEqual([]);
    // 120 is allowed.
    withFakeFetch([{ status: 200, body: { ...summary, name: 'x'.repeat(120) } }]);
    await expect(saveProjectName('x'.repeat(120))).resolves.toBeNull();
  });

  it('shows the server’s refusal', async () => {
    withFakeFetch([
      {
        status: 400,
        body: { error: 'A project name has at most 120 characters', code: 'VALIDATION_ERROR', details: [] },
      },
    ]);
    await expect(saveProjectName('Tårn')).resolves.toBe('A project name has at most 120 characters');
    withFakeFetch([{ status: 404, body: { error: 'Project not found', code: 'NOT_FOUND' } }]);
    await expect(saveProjectName('Tårn')).resolves.toBe('Project not found');
  });

  it('reads the list, the project and its models again once renamed', async () => {
    withFakeFetch([{ status: 200, body: { ...summary, name: 'Tårn' } }]);
    const client = new QueryClient();
    client.setQueryData(projectsQueryKey, [summary]);
    client.setQueryData(projectQueryOptions('p 1').queryKey, summary);
    client.setQueryData(projectModelsQueryKey('p 1'), { projectId: 'p 1', retention: null, models: [] });
    client.setQueryData(['stats'], {});
    let rename: ReturnType<typeof useUpdateProjectSettings> | undefined;
    function Capture() {
      rename = useUpdateProjectSettings();
      return null;
    }
    renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <Capture />
      </QueryClientProvider>,
    );
    await rename!.mutateAsync({ projectId: 'p 1', name: 'Tårn' });
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(projectsQueryKey)).toBe(true);
    expect(invalidated(projectQueryOptions('p 1').queryKey)).toBe(true);
    expect(invalidated(projectModelsQueryKey('p 1'))).toBe(true);
    expect(invalidated(['stats'])).toBe(false);
  });
});
