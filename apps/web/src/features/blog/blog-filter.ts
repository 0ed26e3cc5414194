import { BLOG_CATEGORIES, type BlogCategory, type BlogPost } from './content/posts';

export const ALL_CATEGORIES = 'All';
export type CategoryFilter = BlogCategory | typeof ALL_CATEGORIES;

/** Unknown or missing values (a hand-edited ?category=) fall back to All instead of an empty page. */
export function parseCategory(value: string | null): CategoryFilter {
  return BLOG_CATEGORIES.find((category) => category === value) ?? ALL_CATEGORIES;
}

export function filterPosts(posts: readonly BlogPost[], category: CategoryFilter): BlogPost[] {
  return category === ALL_CATEGORIES ? [...posts] : posts.filter((post) => post.category === category);
}

export function findPost(posts: readonly BlogPost[], slug: string | undefined): BlogPost | undefined {
  return posts.find((post) => post.slug === slug);
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Post dates are calendar days: format them in UTC so no time zone moves them a day back. */
export function formatPostDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}
