import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useSidebar } from '@/components/layouts/sidebar-context';
import { cn } from '@/lib/cn';
import { AppSidebarContent } from './app-sidebar-content';

/**
 * Spec §9 widths: 19rem expanded in the app shell, 3rem collapsed (icons only), 18rem as the
 * mobile sheet. The desktop sidebar is fixed; a spacer of the same width keeps it out of the
 * page's way so the window (not an inner box) scrolls and scroll restoration sees real offsets.
 */
export function AppSidebar() {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent side="left" className="w-[18rem] print:hidden" data-testid="app-sidebar-sheet">
          <SheetTitle className="sr-only">Navigation</SheetTitle>
          <SheetDescription className="sr-only">Pages of the application</SheetDescription>
          <AppSidebarContent collapsed={false} onNavigate={() => setOpenMobile(false)} />
        </SheetContent>
      </Sheet>
    );
  }
  const width = open ? 'w-[19rem]' : 'w-12';
  return (
    <>
      <div aria-hidden="true" className={cn('shrink-0 transition-[width] print:hidden', width)} />
      <aside
        data-testid="app-sidebar"
        data-state={open ? 'expanded' : 'collapsed'}
        className={cn('fixed inset-y-0 left-0 z-30 border-r bg-card transition-[width] print:hidden', width)}
      >
        <AppSidebarContent collapsed={!open} />
      </aside>
    </>
  );
}
