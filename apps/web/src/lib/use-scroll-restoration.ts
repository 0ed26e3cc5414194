import { useEffect, useLayoutEffect, useRef } from 'react';

/** Module level, so a position survives the layout unmounting (e.g. a trip to a public page). */
const positions = new Map<string, number>();
const RETRY_MS = 2000;

/**
 * Spec §2 Scroll: the position is remembered per path and restored on return; a path never seen
 * starts at the top. Pages are lazy chunks and fetch their data, so a saved offset may not exist
 * yet on the first frame: it is re-applied each frame until the page is tall enough (or 2 s pass).
 */
export function useScrollRestoration(pathname: string): void {
  // Scroll events arrive a frame late; by then the path has changed, so they must be filed under
  // the path current at that moment (the ref), never under the one a stale closure remembers.
  const current = useRef(pathname);

  useEffect(() => {
    const manual = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const onScroll = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.history.scrollRestoration = manual;
    };
  }, []);

  useLayoutEffect(() => {
    current.current = pathname;
    const target = positions.get(pathname) ?? 0;
    const started = performance.now();
    let frame = 0;
    const apply = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, target);
      if (reachable < target && performance.now() - started < RETRY_MS) frame = requestAnimationFrame(apply);
    };
    apply();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
