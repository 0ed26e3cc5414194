import { renderWithUploadLimit as render } from '@/lib/test/render-with-upload-limit';
import { DocsOverview } from './docs-overview';
import { DocsQuickStart } from './docs-quick-start';
import { DocsTroubleshooting } from './docs-troubleshooting';

describe("documentation states this server's upload limit", () => {
  it('names the configured limit once the server has answered', () => {
    expect(render(<DocsOverview origin="http://localhost:3000" />, 2048)).toContain('at most 2 GB per file');
    expect(render(<DocsQuickStart origin="http://localhost:3000" />, 2048)).toContain(', up to 2 GB).');
    // The 413 message as the server words it for that limit.
    expect(render(<DocsTroubleshooting />, 2048)).toContain('The file is larger than the 2 GB limit.');
  });

  it('names the default (100 MB) until then', () => {
    expect(render(<DocsOverview origin="http://localhost:3000" />)).toContain('at most 100 MB per file');
    expect(render(<DocsTroubleshooting />)).toContain('The file is larger than the 100 MB limit.');
  });
});
