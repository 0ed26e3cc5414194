import { renderWithUploadLimit as render } from '@/lib/test/render-with-upload-limit';
import { HelpTopics } from './help-topics';

describe('Help: common problems', () => {
  it("states this server's upload limit for a failed upload", () => {
    expect(render(<HelpTopics docs={[]} />, 512)).toContain('under 512 MB,');
    expect(render(<HelpTopics docs={[]} />)).toContain('under 100 MB,');
  });
});
