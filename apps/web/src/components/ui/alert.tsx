import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const alertVariants = cva(
  'relative w-full rounded-lg border p-4 text-sm [&>svg]:absolute [&>svg]:left-4 [&>svg]:top-4 [&>svg]:size-4 [&>svg~*]:pl-7',
  {
    variants: {
      variant: {
        default: 'bg-background text-foreground',
        destructive: 'border-destructive/50 text-destructive [&>svg]:text-destructive',
        success: 'border-success/50 text-success [&>svg]:text-success',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** Errors interrupt (role=alert); successes and notes are announced politely (role=status). */
export function Alert({
  className,
  variant,
  role,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  const defaultRole = variant === 'destructive' ? 'alert' : 'status';
  return <div role={role ?? defaultRole} className={cn(alertVariants({ variant }), className)} {...props} />;
}

/** A title, not a heading: alerts sit inside sections whose heading levels they must not break (axe heading-order). */
export function AlertTitle({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('mb-1 font-medium leading-tight [overflow-wrap:anywhere]', className)} {...props} />
  );
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('text-sm [overflow-wrap:anywhere] [&_p]:leading-relaxed', className)} {...props} />
  );
}
