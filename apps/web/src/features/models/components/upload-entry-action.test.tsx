import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { UploadEntryAction } from './upload-entry-action';

const model = (modelId: string) => ({
  modelId,
  name: modelId,
  latestVersionNumber: 1,
  fileName: `${modelId}.ifc`,
  runningVersionNumber: null,
});
const render = (models: ReturnType<typeof model>[]) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <UploadEntryAction project={{ projectId: 'p1', name: 'Tower Ω', models }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('Data Sources: Upload new version', () => {
  it('is a file-picking button naming the project for a one-model project', () => {
    const html = render([model('m1')]);
    expect(html).toMatch(/<button[^>]*>[\s\S]*Upload new version[\s\S]*of Tower Ω[\s\S]*<\/button>/);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*accept=".ifc"/);
  });

  it('links a federated project’s page, where each model has its own upload', () => {
    const html = render([model('a'), model('b')]);
    expect(html).toContain('href="/app/data/sources/p1"');
    expect(text(html)).toBe('Upload new version of Tower Ω');
    expect(html).not.toContain('type="file"');
  });
});
