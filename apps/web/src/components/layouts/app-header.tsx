import { ArrowLeft, Home, PanelLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { TooltipProvider, WithTooltip } from '@/components/ui/tooltip';
import { appPaths } from '@/config/app-paths';
import { useSidebar } from '@/components/layouts/sidebar-context';
import { useGoBack } from '@/lib/use-go-back';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { AppThemeSwitch } from './app-theme-switch';

/** Spec §9: header tooltips wait 2000 ms so they do not flash while the pointer passes by. */
export const HEADER_TOOLTIP_DELAY_MS = 2000;

export function AppHeader() {
  const { toggle, open, isMobile, openMobile } = useSidebar();
  const goBack = useGoBack(appPaths.home);
  const expanded = isMobile ? openMobile : open;
  return (
    <TooltipProvider delayDuration={HEADER_TOOLTIP_DELAY_MS}>
      <header className="sticky top-0 z-20 flex h-[61px] shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur print:hidden">
        <WithTooltip content="Toggle sidebar (Ctrl+B)">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Toggle Sidebar"
            aria-expanded={expanded}
            onClick={toggle}
          >
            <PanelLeft aria-hidden="true" />
          </Button>
        </WithTooltip>
        <Separator orientation="vertical" className="h-5" />
        <div className="min-w-0 flex-1">
          <AppBreadcrumbs />
        </div>
        <WithTooltip content="App home">
          <Button asChild variant="ghost" size="icon">
            <Link to={appPaths.home} aria-label="App home">
              <Home aria-hidden="true" />
            </Link>
          </Button>
        </WithTooltip>
        <WithTooltip content="Go back">
          <Button variant="ghost" size="icon" aria-label="Go back" onClick={goBack}>
            <ArrowLeft aria-hidden="true" />
          </Button>
        </WithTooltip>
        <AppThemeSwitch />
      </header>
    </TooltipProvider>
  );
}
