import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import type { AccountActionsSlot } from './account-actions-slot';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { PublicScrollToTop } from './public-scroll-to-top';
import { SkipLink } from './skip-link';

export function PublicLayout({ accountActions }: { accountActions: AccountActionsSlot }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
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
