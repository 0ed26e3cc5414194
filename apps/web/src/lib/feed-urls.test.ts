import { feedServiceRoot, projectFeedUrl, projectServiceRoot } from './feed-urls';

describe('feed URLs', () => {
  it('builds the service root and the per-project Tableau URL with an encoded filter', () => {
    expect(feedServiceRoot('http://localhost:5000')).toBe('http://localhost:5000/api/ifc/odata/');
    expect(projectFeedUrl('https://x.io', "p'1")).toBe(
      "https://x.io/api/ifc/odata/IFCElements?$filter=ProjectId%20eq%20'p''1'",
    );
  });

  it("builds a project's own service root as the upload answer names it", () => {
    expect(projectServiceRoot('https://x.io', 'p_1')).toBe('https://x.io/api/ifc/odata/projects/p_1/');
    expect(projectServiceRoot('https://x.io', 'a/b')).toBe('https://x.io/api/ifc/odata/projects/a%2Fb/');
  });
});
