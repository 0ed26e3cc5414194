import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Step } from '../connector-state';

const steps: { id: Step; label: string }[] = [
  { id: 'select', label: 'Select File' },
  { id: 'preview', label: 'Preview' },
  { id: 'process', label: 'Process' },
  { id: 'results', label: 'Results' },
];

export function StepIndicator({ current }: { current: Step }) {
  const index = steps.findIndex((step) => step.id === current);
  return (
    <nav aria-label="Connector steps">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {steps.map((step, i) => {
          const done = i < index;
          const active = i === index;
          return (
            <li
              key={step.id}
              aria-current={active ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-md border px-3 py-2 text-sm',
                active && 'border-primary bg-primary/10 font-semibold',
                !active && !done && 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                  (active || done) && 'border-primary bg-primary text-primary-foreground',
                )}
              >
                {done ? <Check className="size-3.5" /> : i + 1}
              </span>
              {step.label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
