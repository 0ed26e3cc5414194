import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export type StatusVariant = 'success' | 'warning' | 'error' | 'neutral';

/** Spec §3 Status card inputs, exactly. */
export type StatusCardProps = {
  title: string;
  description?: string;
  icon?: LucideIcon;
  status?: { label: string; variant: StatusVariant };
  content?: ReactNode;
  action?: { label: string; icon?: LucideIcon; onClick: () => void };
};

const variantClass: Record<StatusVariant, string> = {
  success: 'border-success/40 text-success',
  warning: 'border-amber-500/40 text-amber-600 dark:text-amber-400',
  error: 'border-destructive/40 text-destructive',
  neutral: 'text-muted-foreground',
};

export function StatusCard({ title, description, icon: Icon, status, content, action }: StatusCardProps) {
  const ActionIcon = action?.icon;
  return (
    <Card className="flex flex-col" aria-label={title} role="region">
      <CardHeader className="pb-3">
        {/* Wraps: in a narrow column the badge goes under the title instead of past the card. */}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            {Icon ? <Icon aria-hidden="true" className="size-4 text-muted-foreground" /> : null}
            {title}
          </CardTitle>
          {status ? (
            <Badge
              variant="outline"
              className={cn(variantClass[status.variant])}
              data-status={status.variant}
            >
              {status.label}
            </Badge>
          ) : null}
        </div>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      {content ? <CardContent className="flex-1 text-sm">{content}</CardContent> : null}
      {action ? (
        <CardFooter>
          <Button variant="outline" size="sm" onClick={action.onClick}>
            {ActionIcon ? <ActionIcon aria-hidden="true" /> : null}
            {action.label}
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
