import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { PostBlock } from '../content/post-bodies';
import type { BlogPost } from '../content/posts';
import { PostMeta } from './post-meta';

function Block({ block }: { block: PostBlock }) {
  switch (block.type) {
    case 'h2':
      return <h2 className="mt-10 text-2xl font-semibold tracking-tight">{block.text}</h2>;
    case 'ul':
      return (
        <ul className="mt-4 list-disc space-y-2 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'code':
      return (
        // Focusable so keyboard users can scroll a long line sideways.
        <pre
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-md border bg-muted p-4 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <code>{block.text}</code>
        </pre>
      );
    default:
      return <p className="mt-4">{block.text}</p>;
  }
}

export function BackToBlog() {
  return (
    <Link
      to={paths.blog}
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to Blog
    </Link>
  );
}

export function PostArticle({ post, body }: { post: BlogPost; body: PostBlock[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <BackToBlog />
      <header className="mt-8 grid gap-4 border-b pb-8">
        <PostMeta post={post} />
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{post.title}</h1>
        <p className="text-lg text-muted-foreground">{post.description}</p>
      </header>
      <div className="mt-4 leading-relaxed">
        {body.map((block, index) => (
          // Blocks are static and never reorder, so the index is a stable key.
          <Block key={index} block={block} />
        ))}
      </div>
      <footer className="mt-12 border-t pt-6">
        <BackToBlog />
      </footer>
    </article>
  );
}
