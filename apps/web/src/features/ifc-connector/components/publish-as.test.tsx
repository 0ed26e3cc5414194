import { renderToStaticMarkup } from 'react-dom/server';
import type { VersionChoice } from '../upload-choice';
import { PublishAs } from './publish-as';

const choice = (modelId: string, modelName: string, projectName: string): VersionChoice => ({
  kind: 'version',
  projectId: `p-${modelId}`,
  projectName,
  modelId,
  modelName,
  fileName: `${modelName}.ifc`,
});
const choices = [choice('m1', 'Architecture', 'Hospital'), choice('m2', 'Structure', 'Hospital')];
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const render = (value: Parameters<typeof PublishAs>[0]['value'], list = choices) =>
  renderToStaticMarkup(<PublishAs choices={list} value={value} onChange={() => undefined} />);

describe('Publish as', () => {
  it('asks "New project" or "New version of <model> in <project>", the current answer checked', () => {
    const html = render(choices[1]!);
    expect(text(html)).toContain(
      'Publish as New project (a new feed URL) New version of Structure in Hospital',
    );
    const radios = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(radios).toHaveLength(2);
    expect(radios[0]).not.toContain('checked');
    expect(radios[1]).toContain('checked');
    // Several models: which one is picked in a labelled list.
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Model<\/label><select id="\1"/);
  });

  it('names the first model while "New project" is the answer', () => {
    const html = render({ kind: 'new' });
    expect(text(html)).toContain('New version of Architecture in Hospital');
    expect([...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)][0]![0]).toContain('checked');
  });

  it('has no list for a single model and no question at all without models', () => {
    expect(render({ kind: 'new' }, choices.slice(0, 1))).not.toContain('<select');
    expect(render({ kind: 'new' }, [])).toBe('');
  });
});
