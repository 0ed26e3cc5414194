import { useParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { findPost } from '@/features/blog/blog-filter';
import { PostArticle } from '@/features/blog/components/post-article';
import { postBodies } from '@/features/blog/content/post-bodies';
import { blogPosts } from '@/features/blog/content/posts';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { NotFoundRoute } from '../not-found';

export function BlogPostRoute() {
  const { slug } = useParams();
  const post = findPost(blogPosts, slug);
  const body = post ? postBodies[post.slug] : undefined;
  // An unknown slug is a missing page like any other (spec §2 Not-found pages).
  if (!post || !body) return <NotFoundRoute />;
  return (
    <>
      <PageMeta title={post.title} description={post.description} />
      <PostArticle post={post} body={body} />
      <div className="mx-auto max-w-3xl px-4 pb-16">
        <NewsletterForm />
      </div>
    </>
  );
}

export default BlogPostRoute;
