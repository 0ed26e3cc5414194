import { useEffect, useState } from 'react';

/**
 * `on`, once it has stayed true for `delayMs`: a status for work that is usually quick appears only when it is not,
 * instead of flashing on every visit. False again as soon as `on` is.
 */
export function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [on, delayMs]);
  return on && shown;
}
