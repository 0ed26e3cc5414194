import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { WithTooltip } from '@/components/ui/tooltip';
import { THEMES, type Theme } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/theme-context';

export const themeIcons = { light: Sun, dark: Moon, system: Monitor } satisfies Record<Theme, unknown>;
export const themeLabels: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** The app header's theme menu: all three choices visible at once, the current one checked. */
export function AppThemeSwitch() {
  const { theme, setTheme } = useTheme();
  const Icon = themeIcons[theme];
  return (
    <DropdownMenu>
      <WithTooltip content="Theme">
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Theme: ${theme}. Change theme`}
            data-theme-choice={theme}
          >
            <Icon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
      </WithTooltip>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {THEMES.map((choice) => {
            const ChoiceIcon = themeIcons[choice];
            return (
              <DropdownMenuRadioItem key={choice} value={choice}>
                <ChoiceIcon aria-hidden="true" />
                {themeLabels[choice]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
