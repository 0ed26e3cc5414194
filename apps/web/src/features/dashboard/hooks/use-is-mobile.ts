import { useSyncExternalStore } from 'react';

/** Spec §9: the small-screen check is a viewport narrower than 768 px. */
const MOBILE_QUERY = '(max-width: 767.98px)';

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(MOBILE_QUERY);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
  );
}
