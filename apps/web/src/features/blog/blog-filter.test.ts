import { ALL_CATEGORIES, filterPosts, findPost, formatPostDate, parseCategory } from './blog-filter';
import { postBodies } from './content/post-bodies';
import { BLOG_CATEGORIES, blogPosts } from './content/posts';

describe('blog posts (spec §2 Blog, §3 Blog post)', () => {
  it('has 8 posts dated 2024-11-15 to 2024-12-15, newest first, with unique slugs', () => {
    expect(blogPosts).toHaveLength(8);
    const dates = blogPosts.map((post) => post.date);
    expect(dates[0]).toBe('2024-12-15');
    expect(dates.at(-1)).toBe('2024-11-15');
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(blogPosts.map((post) => post.slug)).size).toBe(8);
  });

  it('gives every post a body and a known category', () => {
    for (const post of blogPosts) {
      expect(postBodies[post.slug]?.length).toBeGreaterThan(2);
      expect(BLOG_CATEGORIES).toContain(post.category);
    }
  });
});

describe('category filter', () => {
  it('returns every post for All and only matching posts otherwise', () => {
    expect(filterPosts(blogPosts, ALL_CATEGORIES)).toHaveLength(8);
    for (const category of BLOG_CATEGORIES) {
      const shown = filterPosts(blogPosts, category);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((post) => post.category === category)).toBe(true);
    }
    const total = BLOG_CATEGORIES.reduce((sum, c) => sum + filterPosts(blogPosts, c).length, 0);
    expect(total).toBe(8);
  });

  it('reads the category from the URL and falls back to All', () => {
    expect(parseCategory('IFC & OpenBIM')).toBe('IFC & OpenBIM');
    expect(parseCategory('nonsense')).toBe(ALL_CATEGORIES);
    expect(parseCategory(null)).toBe(ALL_CATEGORIES);
  });

  it('finds posts by slug only', () => {
    expect(findPost(blogPosts, 'why-we-built-on-odata-v4')?.title).toBe('Why We Built on OData v4');
    expect(findPost(blogPosts, 'no-such-post')).toBeUndefined();
    expect(findPost(blogPosts, undefined)).toBeUndefined();
  });

  it('formats dates as calendar days', () => {
    expect(formatPostDate('2024-11-15')).toBe('November 15, 2024');
    expect(formatPostDate('2024-12-01')).toBe('December 1, 2024');
  });
});
