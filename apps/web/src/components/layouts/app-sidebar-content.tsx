import { Boxes } from 'lucide-react';
import { Link } from 'react-router';
import { appPaths } from '@/config/app-paths';
import { documentationNav, footerNav, platformNav, secondaryNav } from '@/config/nav-items';
import { cn } from '@/lib/cn';
import { AppSidebarGroup } from './app-sidebar-group';
import { AppSidebarLink } from './app-sidebar-link';

function GroupLabel({ children, collapsed }: { children: string; collapsed: boolean }) {
  // Collapsed, the label is kept for screen readers only: the icons alone carry no group names.
  return (
    <h2 className={cn('px-2 pb-1 text-xs font-semibold text-muted-foreground', collapsed && 'sr-only')}>
      {children}
    </h2>
  );
}

/** Brand, the three nav groups and the footer link; shared by the desktop sidebar and the mobile sheet. */
export function AppSidebarContent({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const pad = collapsed ? 'px-1.5' : 'px-3';
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className={cn('flex h-[61px] shrink-0 items-center border-b', pad)}>
        <Link
          to={appPaths.home}
          onClick={onNavigate}
          aria-label={collapsed ? 'AEC Con-Tech Data Tools home' : undefined}
          className="flex min-w-0 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Boxes aria-hidden="true" className="size-5" />
          </span>
          {collapsed ? null : (
            <span className="grid min-w-0 leading-tight">
              <span className="truncate text-sm font-semibold">AEC Con-Tech Data Tools</span>
              <span className="truncate text-xs text-muted-foreground">AEC Tools</span>
            </span>
          )}
        </Link>
      </div>
      <nav
        aria-label="Application"
        className={cn('grid flex-1 content-start gap-4 overflow-y-auto py-3', pad)}
      >
        <section>
          <GroupLabel collapsed={collapsed}>Platform</GroupLabel>
          <ul className="grid gap-0.5">
            {platformNav.map((item) => (
              <AppSidebarGroup key={item.title} item={item} collapsed={collapsed} onNavigate={onNavigate} />
            ))}
          </ul>
        </section>
        <section>
          <GroupLabel collapsed={collapsed}>Documentation</GroupLabel>
          <ul className="grid gap-0.5">
            {documentationNav.map((item) => (
              <li key={item.url}>
                <AppSidebarLink {...item} collapsed={collapsed} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </section>
        <section className="mt-auto">
          <GroupLabel collapsed>Secondary</GroupLabel>
          <ul className="grid gap-0.5">
            {secondaryNav.map((item) => (
              <li key={item.url}>
                <AppSidebarLink {...item} collapsed={collapsed} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </section>
      </nav>
      <div className={cn('shrink-0 border-t py-3', pad)}>
        <AppSidebarLink {...footerNav} collapsed={collapsed} onNavigate={onNavigate} />
      </div>
    </div>
  );
}
