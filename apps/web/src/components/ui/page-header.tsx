import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The h1 block every app page starts with. */
export function PageHeader({
  title,
  description,
  actions,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-end justify-between gap-4', className)}>
      <div className="grid min-w-0 gap-1">
        {/* titles are user data too (a project's name): a long word wraps instead of widening the page */}
        <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] md:text-3xl">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
