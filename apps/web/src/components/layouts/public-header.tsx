import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

const links = [
  { to: paths.features, label: 'Features' },
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.faq, label: 'FAQ' },
];

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );
}

/** Account actions differ for visitors and signed-in users (spec §2 Shared public layout). */
function AccountActions({ onDone }: { onDone?: () => void }) {
  const { user, token, logout } = useAuth();
  const navigate = useNavigate();
  if (user && token) {
    return (
      <>
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.dashboard} onClick={onDone}>
            Dashboard
          </Link>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            logout();
            onDone?.();
            void navigate(paths.home);
          }}
        >
          Logout
        </Button>
      </>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.login} onClick={onDone}>
          Login
        </Link>
      </Button>
      <Button asChild size="sm">
        <Link to={paths.signup} onClick={onDone}>
          Sign Up
        </Link>
      </Button>
    </>
  );
}

export function PublicHeader() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link
          to={paths.home}
          className="text-base font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          AEC Con-Tech Data Tools
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
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
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {open ? (
        <nav id="mobile-menu" aria-label="Mobile" className="grid gap-1 border-t px-4 py-3 md:hidden">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass} onClick={close}>
              {link.label}
            </NavLink>
          ))}
          <div className="flex flex-wrap gap-2 pt-2">
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.app} onClick={close}>
                Access App
              </Link>
            </Button>
            <AccountActions onDone={close} />
          </div>
        </nav>
      ) : null}
    </header>
  );
}
