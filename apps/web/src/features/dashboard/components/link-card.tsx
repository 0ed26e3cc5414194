import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

/** Spec §3 Link card inputs, exactly. */
export type LinkCardProps = {
  title: string;
  description?: string;
  content?: ReactNode;
  url: string;
  icon?: LucideIcon;
  actionIcon?: LucideIcon;
  actionLabel?: string;
  badge?: string;
};

/** An external URL opens in a new tab; an app path stays in the router. */
export function LinkCard({
  title,
  description,
  content,
  url,
  icon: Icon,
  actionIcon: ActionIcon = ArrowRight,
  actionLabel = 'Open',
  badge,
}: LinkCardProps) {
  const external = /^https?:\/\//.test(url);
  const className = 'inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline';
  const label = (
    <>
      {actionLabel}
      <span className="sr-only"> {title}</span>
      <ActionIcon aria-hidden="true" className="size-3.5" />
    </>
  );
  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-3">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            {Icon ? <Icon aria-hidden="true" className="size-4 text-muted-foreground" /> : null}
            {title}
          </CardTitle>
          {badge ? <Badge variant="secondary">{badge}</Badge> : null}
        </div>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      {content ? <CardContent className="flex-1 text-sm text-muted-foreground">{content}</CardContent> : null}
      <CardFooter className="mt-auto">
        {external ? (
          <a href={url} target="_blank" rel="noreferrer" className={className}>
            {label}
          </a>
        ) : (
          <Link to={url} className={className}>
            {label}
          </Link>
        )}
      </CardFooter>
    </Card>
  );
}
