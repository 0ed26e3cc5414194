import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import type { AccountActionsSlot } from './account-actions-slot';
import { headerLinks } from './public-nav-links';

export const MOBILE_MENU_ID = 'mobile-menu';

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-3 text-base font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'bg-accent text-accent-foreground' : 'text-foreground',
  );
}

/** Below 768 px the header collapses into this panel: the same links and actions, stacked. */
export function PublicMobileMenu({
  onClose,
  accountActions: AccountActions,
}: {
  onClose: () => void;
  accountActions: AccountActionsSlot;
}) {
  return (
    <nav id={MOBILE_MENU_ID} aria-label="Mobile" className="border-t bg-background md:hidden">
      <div className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
        {headerLinks.map((link) => (
          <NavLink key={link.to} to={link.to} className={mobileLinkClass} onClick={onClose}>
            {link.label}
          </NavLink>
        ))}
        <div className="mt-2 grid gap-2 border-t pt-3 min-[400px]:grid-cols-3">
          <Button asChild variant="secondary" className="w-full">
            <Link to={paths.app} onClick={onClose}>
              Access App
            </Link>
          </Button>
          <AccountActions onDone={onClose} stacked />
        </div>
      </div>
    </nav>
  );
}
