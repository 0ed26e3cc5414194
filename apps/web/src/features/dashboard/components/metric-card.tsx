import { ArrowRight, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** Spec §3 Metric card inputs, exactly. */
export type MetricCardProps = {
  title: string;
  description?: string;
  value: ReactNode;
  icon?: LucideIcon;
  change?: { value: string; trend: 'up' | 'down' };
  footerText?: string;
  footerSubtext?: string;
  viewMoreUrl?: string;
};

export function MetricCard({
  title,
  description,
  value,
  icon: Icon,
  change,
  footerText,
  footerSubtext,
  viewMoreUrl = '/analytics',
}: MetricCardProps) {
  const Trend = change?.trend === 'down' ? TrendingDown : TrendingUp;
  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-2">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
          {Icon ? <Icon aria-hidden="true" className="size-4 text-muted-foreground" /> : null}
        </div>
        <p className="text-3xl font-bold tabular-nums">{value}</p>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex-1 pb-3">
        {change ? (
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
              change.trend === 'up' ? 'text-success' : 'text-destructive',
            )}
          >
            <Trend aria-hidden="true" className="size-3.5" />
            {change.value}
          </span>
        ) : null}
        {footerText ? <p className="mt-2 text-sm font-medium">{footerText}</p> : null}
        {footerSubtext ? <p className="text-xs text-muted-foreground">{footerSubtext}</p> : null}
      </CardContent>
      <CardFooter>
        <Link
          to={viewMoreUrl}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          View more<span className="sr-only"> about {title}</span>
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      </CardFooter>
    </Card>
  );
}
