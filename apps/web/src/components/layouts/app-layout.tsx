import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { SidebarProvider } from '@/components/layouts/sidebar-provider';
import { useScrollRestoration } from '@/lib/use-scroll-restoration';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { SkipLink } from './skip-link';

/** The signed-in shell (spec §2 Application shell): sidebar, 61px header, the page. */
export function AppLayout() {
  const { pathname } = useLocation();
  useScrollRestoration(pathname);
  return (
    <TooltipProvider>
      <SidebarProvider>
        <SkipLink />
        <div className="flex min-h-svh">
          <AppSidebar />
          <div className="flex min-w-0 flex-1 flex-col">
            <AppHeader />
            <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none md:px-6 print:p-0">
              {/* The shell stays painted while a page's chunk loads. */}
              <Suspense fallback={<Spinner label="Loading..." className="py-24" />}>
                <Outlet />
              </Suspense>
            </main>
          </div>
        </div>
      </SidebarProvider>
    </TooltipProvider>
  );
}
