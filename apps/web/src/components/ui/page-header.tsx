import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The look of a page's h1, for a page that renders its own (a project's renamable name). */
export const pageTitleClassName = 'text-2xl font-bold tracking-tight [overflow-wrap:anywhere] md:text-3xl';

/**
 * The h1 block every app page starts with: the `title` as its h1, or the page's own `heading` (an h1 too) in its
 * place.
 */
export function PageHeader({
  title,
  heading,
  description,
  actions,
  className,
}: ({ title: string; heading?: never } | { heading: ReactNode; title?: never }) & {
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-end justify-between gap-4', className)}>
      <div className="grid min-w-0 gap-1">
        {/* titles are user data too (a project's name): a long word wraps instead of widening the page */}
        {heading ?? <h1 className={pageTitleClassName}>{title}</h1>}
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
