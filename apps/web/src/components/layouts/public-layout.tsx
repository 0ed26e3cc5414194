import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import type { AccountActionsSlot } from './account-actions-slot';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { PublicScrollToTop } from './public-scroll-to-top';

export function PublicLayout({ accountActions }: { accountActions: AccountActionsSlot }) {
  return (
    <div className="flex min-h-screen flex-col">
      {/* Keyboard users skip the header links straight to the page content. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <PublicHeader accountActions={accountActions} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* Routes are lazy chunks; the header and footer stay painted while one loads. */}
        <Suspense fallback={<Spinner label="Loading..." className="py-24" />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
      <PublicScrollToTop />
    </div>
  );
}
