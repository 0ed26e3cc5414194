import { Monitor, Moon, Sun } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';

export type ThemeChoice = 'light' | 'dark' | 'system';

const choices = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
] as const;

/** Presentational: the route passes the theme state in, so settings never imports the theme feature. */
export function ThemePreference({
  value,
  onChange,
}: {
  value: ThemeChoice;
  onChange: (theme: ThemeChoice) => void;
}) {
  return (
    <Card role="region" aria-label="Appearance">
      <CardHeader>
        <CardTitle className="text-lg">Appearance</CardTitle>
        <CardDescription>
          System follows your operating system&apos;s light or dark setting, live.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ToggleGroup
          type="single"
          value={value}
          aria-label="Theme"
          className="max-w-full flex-wrap"
          onValueChange={(next) => {
            const choice = choices.find((c) => c.value === next);
            if (choice) onChange(choice.value);
          }}
        >
          {choices.map(({ value: choice, label, icon: Icon }) => (
            <ToggleGroupItem key={choice} value={choice}>
              <Icon aria-hidden="true" />
              {label}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </CardContent>
    </Card>
  );
}
