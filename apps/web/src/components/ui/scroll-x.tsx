import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A box that scrolls sideways when its content (a wide table) is wider than the screen. It is focusable, so a
 * keyboard user can scroll it with the arrow keys, and `relative`, so absolutely placed descendants such as
 * screen-reader-only headers are laid out inside it instead of widening the page.
 */
export function ScrollX({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      tabIndex={0}
      className={cn(
        'relative overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}
