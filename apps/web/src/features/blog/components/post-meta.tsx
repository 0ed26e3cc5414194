import { Badge } from '@/components/ui/badge';
import { formatPostDate } from '../blog-filter';
import type { BlogPost } from '../content/posts';

/**
 * Category and date on one line: in a card about 300 px wide, 'Business Intelligence' beside a 14 px date did not
 * fit, and the date wrapped under the badge on some cards only. Both are small text now, and the date never breaks.
 */
export function PostMeta({ post }: { post: BlogPost }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <Badge variant="secondary">{post.category}</Badge>
      <time dateTime={post.date} className="whitespace-nowrap">
        {formatPostDate(post.date)}
      </time>
    </p>
  );
}
