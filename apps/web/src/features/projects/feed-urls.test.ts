import { feedServiceRoot, projectFeedUrl } from './feed-urls';

describe('feed URLs', () => {
  it('builds the service root and the per-project Tableau URL with an encoded filter', () => {
    expect(feedServiceRoot('http://localhost:5000')).toBe('http://localhost:5000/api/ifc/odata/');
    expect(projectFeedUrl('https://x.io', "p'1")).toBe(
      "https://x.io/api/ifc/odata/IFCElements?$filter=ProjectId%20eq%20'p''1'",
    );
  });
});
