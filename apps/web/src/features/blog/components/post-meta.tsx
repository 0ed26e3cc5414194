import { Badge } from '@/components/ui/badge';
import { formatPostDate } from '../blog-filter';
import type { BlogPost } from '../content/posts';

export function PostMeta({ post }: { post: BlogPost }) {
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
      <Badge variant="secondary">{post.category}</Badge>
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
    </p>
  );
}
