import { useSearchParams } from 'react-router';
import { ALL_CATEGORIES, filterPosts, parseCategory, type CategoryFilter as Filter } from '../blog-filter';
import { blogPosts } from '../content/posts';
import { CategoryFilter } from './category-filter';
import { PostCard } from './post-card';

/**
 * The chosen category lives in the URL (?category=) so a filtered list can be shared and
 * survives Back. The first post is featured on the unfiltered list only.
 */
export function BlogList() {
  const [params, setParams] = useSearchParams();
  const category = parseCategory(params.get('category'));
  const [featured, ...rest] = blogPosts;
  const showFeatured = category === ALL_CATEGORIES && featured !== undefined;
  const listed = showFeatured ? rest : filterPosts(blogPosts, category);

  const choose = (next: Filter) => {
    setParams(next === ALL_CATEGORIES ? {} : { category: next }, { preventScrollReset: true });
  };

  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <CategoryFilter value={category} onChange={choose} />
        <p className="text-sm text-muted-foreground" role="status">
          {category === ALL_CATEGORIES
            ? `All ${blogPosts.length} articles`
            : `${listed.length} ${listed.length === 1 ? 'article' : 'articles'} in ${category}`}
        </p>
      </div>
      {showFeatured ? <PostCard post={featured} featured /> : null}
      {/* Three columns only from xl: narrower cards could not hold a long category badge and the date on one line. */}
      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label="Articles">
        {listed.map((post) => (
          <li key={post.slug}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
    </div>
  );
}
