import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { WithTooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

const linkClass =
  'flex h-9 min-w-0 items-center gap-2 rounded-md px-2 text-sm text-foreground/80 outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&>svg]:size-4 [&>svg]:shrink-0';

/**
 * One sidebar entry. Collapsed, it is an icon whose name lives in its aria-label and a tooltip;
 * `end` keeps a parent path (/app) from lighting up on every child page.
 */
export function AppSidebarLink({
  title,
  url,
  icon: Icon,
  collapsed,
  onNavigate,
  className,
}: {
  title: string;
  url: string;
  icon: LucideIcon;
  collapsed: boolean;
  onNavigate?: () => void;
  className?: string;
}) {
  const link = (
    <NavLink
      to={url}
      end
      onClick={onNavigate}
      aria-label={collapsed ? title : undefined}
      className={({ isActive }) =>
        cn(
          linkClass,
          collapsed && 'size-9 justify-center px-0',
          isActive && 'bg-accent font-medium text-accent-foreground',
          className,
        )
      }
    >
      <Icon aria-hidden="true" />
      {collapsed ? null : <span className="truncate">{title}</span>}
    </NavLink>
  );
  if (!collapsed) return link;
  return (
    <WithTooltip content={title} side="right">
      {link}
    </WithTooltip>
  );
}
