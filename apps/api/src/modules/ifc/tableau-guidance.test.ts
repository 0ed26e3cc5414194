import fs from 'node:fs';
import path from 'node:path';
import { uploadResultSchema } from '@aec/contracts';
import type { ProjectRecord } from '../../store/types';
import { tableauConnectionFile } from './connection-files';
import { feedUrls, tableauInstructions, uploadResult } from './ifc-responses';

/**
 * One story everywhere Tableau is explained: the project's Tableau URL (IFCElements filtered to the project) gives the
 * element table; the per-project root's IFCElementsWide gives every property as a column. The upload answer's
 * instructions, the .tds file, the README and the web docs must all tell both halves.
 */
const ROOT = path.resolve(__dirname, '../../../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const urls = feedUrls('https://bi.example.com', "proj_ü'1");
const wideUrl = `${urls.odataUrl}IFCElementsWide`;

describe('Tableau guidance', () => {
  it('the upload answer: the Tableau URL for the element table, then the wide set for every property', () => {
    const steps = Object.values(tableauInstructions(urls)).join('\n');
    expect(steps).toContain(urls.tableauUrl);
    expect(steps).toMatch(/IFCElements\b/);
    expect(steps).toContain(wideUrl);
  });

  it('the finished upload answer carries those steps in its shared contract', () => {
    const project = { id: "proj_ü'1", elementCount: 3, schema: 'IFC4', countsByType: { IfcWall: 3 } };
    const answer = uploadResultSchema.parse(
      uploadResult('https://bi.example.com', project as unknown as ProjectRecord, null),
    );
    expect(answer.tableauInstructions).toEqual(tableauInstructions(urls));
    expect(answer.tableauUrl).toBe(urls.tableauUrl);
  });

  it('the .tds file gives Tableau both connections, each asking for username and feed token', () => {
    const xml = tableauConnectionFile('Tower & <Annex>', urls, 'zoë');
    const servers = [...xml.matchAll(/<connection class='odata'[^>]*server='([^']*)'[^>]*\/>/g)].map((m) =>
      m[1]!.replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
    );
    expect(servers).toEqual([urls.tableauUrl, wideUrl]);
    expect(xml.match(/authentication='auth-user-pass' username='zoë'/g)).toHaveLength(2);
    expect(xml).toContain("formatted-name='Tower &amp; &lt;Annex&gt;'");
    // Every element opened is closed: the file stays well-formed XML.
    const opened = [...xml.matchAll(/<([a-z-]+)[ >]/g)].map((m) => m[1]);
    const closed = [...xml.matchAll(/<\/([a-z-]+)>/g)].map((m) => m[1]);
    const selfClosed = [...xml.matchAll(/<([a-z-]+)[^>]*\/>/g)].map((m) => m[1]);
    expect([...closed, ...selfClosed].sort()).toEqual(opened.sort());
  });

  it.each([
    [
      'README.md',
      (s: string) => s.slice(s.indexOf('| Tableau Desktop |'), s.indexOf('| Power BI Desktop |')),
    ],
    [
      'README.md (IFCElementsWide paragraph)',
      (s: string) => s.slice(s.indexOf('A per-project root adds'), s.indexOf('Examples:')),
    ],
    [
      'apps/web/src/features/docs/components/docs-quick-start.tsx',
      (s: string) => s.slice(s.indexOf('id="tableau"')),
    ],
    ['apps/web/src/features/docs/components/docs-overview.tsx', (s: string) => s],
  ])('%s tells both halves', (file, section) => {
    const text = section(read(file.replace(/ \(.*\)$/, '')));
    expect(text).toMatch(/Tableau URL/);
    expect(text).toMatch(/IFCElementsWide/);
    expect(text).toMatch(/projects\/<[a-zA-Z]+>\/IFCElementsWide/);
  });
});
