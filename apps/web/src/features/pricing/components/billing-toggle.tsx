import { cn } from '@/lib/cn';
import { ANNUAL_DISCOUNT, type Billing } from '../billing';

const options: { value: Billing; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

/**
 * Two real radio inputs styled as a segmented switch: arrow keys, Tab and screen readers work
 * the way they do for any radio group, with no script of our own.
 */
export function BillingToggle({ value, onChange }: { value: Billing; onChange: (next: Billing) => void }) {
  return (
    <fieldset className="mx-auto flex w-fit flex-col items-center gap-3">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-full border bg-muted p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-full px-5 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === option.value ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground',
            )}
          >
            <input
              type="radio"
              name="billing"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">
        Save <strong className="text-foreground">{ANNUAL_DISCOUNT * 100}%</strong> with annual billing
      </p>
    </fieldset>
  );
}
