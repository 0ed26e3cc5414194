import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { ScrollX } from './scroll-x';

/** Plain data table parts; the wrapper scrolls sideways on narrow screens instead of squeezing columns. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <ScrollX className="w-full rounded-md border">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </ScrollX>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-muted/50 [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('border-b transition-colors data-[state=selected]:bg-muted', className)} {...props} />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2 align-middle whitespace-nowrap', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}
