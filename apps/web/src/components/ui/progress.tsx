import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A determinate progress bar (0–100) with the ARIA progressbar semantics screen readers announce. */
export function Progress({
  value,
  label,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'role'> & { value: number; label: string }) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('relative h-3 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      <div
        className="h-full bg-primary transition-[width] duration-300 ease-out"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
