import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { nextTheme, type Theme } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/theme-context';

const icons = { light: Sun, dark: Moon, system: Monitor } satisfies Record<Theme, unknown>;
const names: Record<Theme, string> = { light: 'light', dark: 'dark', system: 'system' };

/**
 * A single button rather than a menu: it keeps the popper/menu code out of the landing bundle,
 * and its label says both the current choice and what a press will do.
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const next = nextTheme(theme);
  const Icon = icons[theme];
  return (
    <Button
      variant="ghost"
      size="icon"
      data-theme-choice={theme}
      aria-label={`Theme: ${names[theme]}. Switch to ${names[next]} theme`}
      title={`Theme: ${names[theme]}`}
      onClick={() => setTheme(next)}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
