import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { ThemeToggle } from '@/components/layouts/theme-toggle';
import type { AccountActionsSlot } from './account-actions-slot';
import { PublicBrand } from './public-brand';
import { MOBILE_MENU_ID, PublicMobileMenu } from './public-mobile-menu';
import { headerLinks } from './public-nav-links';

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );
}

export function PublicHeader({ accountActions: AccountActions }: { accountActions: AccountActionsSlot }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);

  // Any navigation (back button included) closes the menu, not just clicks inside it.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 lg:gap-4">
        <PublicBrand compact />
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {headerLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Button asChild variant="secondary" size="sm" className="hidden sm:inline-flex">
            <Link to={paths.app}>Access App</Link>
          </Button>
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            <AccountActions />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {open ? <PublicMobileMenu onClose={close} accountActions={AccountActions} /> : null}
    </header>
  );
}
