import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import type { BlogPost } from '../content/posts';
import { PostMeta } from './post-meta';

export function postPath(post: BlogPost): string {
  return `${paths.blog}/${post.slug}`;
}

/**
 * The title link is stretched over the whole card (after:absolute) so the card is one click
 * target but one tab stop, and screen readers hear just the title.
 */
export function PostCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  const Heading = featured ? 'h2' : 'h3';
  return (
    <article
      className={cn(
        'relative flex h-full flex-col gap-3 rounded-lg border bg-card p-6 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        // p-6 on phones: with p-8 a long category badge and the date no longer fitted on one line.
        featured && 'border-primary/40 bg-gradient-to-br from-accent/70 to-card p-6 sm:p-10',
      )}
    >
      {featured ? <Badge className="w-fit">Featured</Badge> : null}
      <PostMeta post={post} />
      <Heading className={cn('font-semibold text-balance', featured ? 'text-2xl sm:text-3xl' : 'text-lg')}>
        <Link to={postPath(post)} className="after:absolute after:inset-0 focus-visible:outline-none">
          {post.title}
        </Link>
      </Heading>
      <p className={cn('flex-1 text-muted-foreground', featured ? 'text-base sm:text-lg' : 'text-sm')}>
        {post.description}
      </p>
      <span aria-hidden="true" className="flex items-center gap-1 text-sm font-medium text-primary">
        Read article <ArrowRight className="size-4" />
      </span>
    </article>
  );
}
