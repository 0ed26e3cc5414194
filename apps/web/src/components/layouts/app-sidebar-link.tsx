import type { LucideIcon } from 'lucide-react';
import { Link, useMatch } from 'react-router';
import { WithTooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

const linkClass =
  'flex h-9 min-w-0 items-center gap-2 rounded-md px-2 text-sm text-foreground/80 outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&>svg]:size-4 [&>svg]:shrink-0';

/**
 * One sidebar entry. Collapsed, it is an icon whose name lives in its aria-label and a tooltip.
 * The active state is matched here (exact path, so /app does not light up on every child page)
 * because the tooltip trigger's Slot can only merge a string className, not NavLink's function.
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
  const isActive = useMatch({ path: url, end: true }) !== null;
  const link = (
    <Link
      to={url}
      onClick={onNavigate}
      aria-label={collapsed ? title : undefined}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        linkClass,
        collapsed && 'size-9 justify-center px-0',
        isActive && 'bg-accent font-medium text-accent-foreground',
        className,
      )}
    >
      <Icon aria-hidden="true" />
      {collapsed ? null : <span className="truncate">{title}</span>}
    </Link>
  );
  if (!collapsed) return link;
  return (
    <WithTooltip content={title} side="right">
      {link}
    </WithTooltip>
  );
}
