import { ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import type { NavGroupItem } from '@/config/nav-items';
import { AppSidebarLink } from './app-sidebar-link';

/**
 * A Platform entry with sub-entries. It opens by itself when the current page is one of its
 * entries and otherwise stays as the user left it, so the sidebar fits without scrolling.
 */
export function AppSidebarGroup({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavGroupItem;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const containsCurrent = item.items.some((sub) => sub.url === pathname) || item.url === pathname;
  const [open, setOpen] = useState(containsCurrent);
  useEffect(() => {
    if (containsCurrent) setOpen(true);
  }, [containsCurrent]);
  if (collapsed) {
    return (
      <li>
        <AppSidebarLink {...item} collapsed onNavigate={onNavigate} />
      </li>
    );
  }
  return (
    <Collapsible asChild open={open} onOpenChange={setOpen}>
      <li className="grid gap-0.5">
        <div className="flex items-center gap-1">
          <AppSidebarLink
            {...item}
            collapsed={false}
            onNavigate={onNavigate}
            className={containsCurrent ? 'flex-1 font-medium' : 'flex-1'}
          />
          <CollapsibleTrigger
            aria-label={`Show or hide ${item.title} entries`}
            className="group flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronRight
              aria-hidden="true"
              className="size-4 transition-transform group-data-[state=open]:rotate-90"
            />
          </CollapsibleTrigger>
        </div>
        <CollapsibleContent asChild>
          <ul className="ml-4 grid gap-0.5 border-l pl-2">
            {item.items.map((sub) => (
              <li key={sub.url + sub.title}>
                <AppSidebarLink {...sub} collapsed={false} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}
