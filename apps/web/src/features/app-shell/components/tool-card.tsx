import { ArrowRight, CheckCircle2, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export type ToolStatus = 'available' | 'beta' | 'coming-soon';

const statusLabel: Record<ToolStatus, string> = {
  available: 'Available',
  beta: 'Beta',
  'coming-soon': 'Coming soon',
};

const statusClass: Record<ToolStatus, string> = {
  available: 'border-success/40 text-success',
  beta: 'border-amber-500/40 text-amber-600 dark:text-amber-400',
  'coming-soon': 'text-muted-foreground',
};

/** A tool on the app home; 'coming-soon' disables its button (spec §2 App home). */
export function ToolCard({
  title,
  description,
  icon: Icon,
  status,
  features,
  url,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  status: ToolStatus;
  features: string[];
  url: string;
}) {
  const disabled = status === 'coming-soon';
  return (
    <Card className="flex flex-col" role="region" aria-label={title}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <span className="flex size-10 items-center justify-center rounded-md bg-primary/10 text-primary">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <Badge variant="outline" className={cn(statusClass[status])} data-status={status}>
            {statusLabel[status]}
          </Badge>
        </div>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2 text-sm">
          {features.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-success" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        {disabled ? (
          <Button disabled className="w-full">
            Coming soon
          </Button>
        ) : (
          <Button asChild className="w-full">
            <Link to={url}>
              Open {title}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
