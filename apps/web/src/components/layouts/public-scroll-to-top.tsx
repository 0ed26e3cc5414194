import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A link to a new page opens it at the top; Back/Forward (POP) keep the browser's own scroll
 * restoration. A tiny stand-in for <ScrollRestoration>, which costs ~1.3 KB gzip on the landing.
 * Same-page changes (the blog's ?category= filter, #anchors) keep the scroll position.
 */
export function PublicScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
