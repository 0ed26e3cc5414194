import { renderToStaticMarkup } from 'react-dom/server';
import { changesFixture } from '../history-fixture';
import { ChangesPanel } from './changes-panel';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const changes = (over: Parameters<typeof changesFixture>[0]) =>
  changesFixture({ previousVersionNumber: 2, commonElements: 40, ...over });

describe('What changed', () => {
  it('says a first version has nothing to compare', () => {
    expect(text(renderToStaticMarkup(<ChangesPanel versionNumber={1} changes={null} />))).toBe(
      'What changed First version: nothing to compare',
    );
  });

  it('shows a pending comparison as a live status naming the version compared with', () => {
    const html = renderToStaticMarkup(
      <ChangesPanel versionNumber={3} changes={changes({ status: 'pending' })} />,
    );
    expect(html).toMatch(/role="status"[^>]*>[\s\S]*Comparing with version 2…/);
  });

  it('shows a failed comparison with its reason', () => {
    const html = renderToStaticMarkup(
      <ChangesPanel
        versionNumber={3}
        changes={changes({ status: 'failed', error: 'Timed out after 3 attempts' })}
      />,
    );
    expect(text(html)).toContain('Could not compare with version 2: Timed out after 3 attempts');
  });

  it('says so when nothing changed instead of drawing an empty chart', () => {
    const html = renderToStaticMarkup(<ChangesPanel versionNumber={3} changes={changes({})} />);
    expect(text(html)).toContain('No element was added, removed or modified.');
    expect(html).not.toContain('role="img"');
    expect(html).not.toContain('<table');
  });

  it('draws the chart and both tables for a version with changes', () => {
    const html = renderToStaticMarkup(
      <ChangesPanel
        versionNumber={3}
        changes={changes({
          added: 1,
          modified: 2,
          byType: [
            { ifcType: 'IfcDoor', added: 1, removed: 0, modified: 0 },
            { ifcType: 'IfcWall', added: 0, removed: 0, modified: 2 },
          ],
          byStorey: [{ storey: 'Étage 1', added: 1, removed: 0, modified: 2 }],
        })}
      />,
    );
    expect(html).toContain(
      'aria-label="Changes by IFC type. IfcWall: 0 added, 0 removed, 2 modified; IfcDoor: 1 added, 0 removed, 0 modified"',
    );
    expect(text(html)).toContain('By IFC type IFC type Added Removed Modified IfcWall 0 0 2 IfcDoor 1 0 0');
    expect(text(html)).toContain('By storey Storey Added Removed Modified Étage 1 1 0 2');
  });
});
