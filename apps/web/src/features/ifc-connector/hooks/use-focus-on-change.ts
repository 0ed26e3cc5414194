import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves the keyboard focus to the element `selector` names inside `root` whenever `value` changes (not on the first
 * render): the connector's way of keeping the focus when what was focused goes away (a step change removes the
 * pressed button; a failed run removes Pause and Cancel). `when` false skips a change (the element is not there).
 * Focus that is elsewhere on the page (the sidebar, the header) is left there; it is moved from inside `root` or
 * from the page's body, where a removed element leaves it.
 */
export function useFocusOnChange(
  root: RefObject<HTMLElement | null>,
  value: unknown,
  selector: string,
  when = true,
): void {
  const shown = useRef(value);
  useEffect(() => {
    if (Object.is(shown.current, value)) return;
    shown.current = value;
    const container = root.current;
    if (!when || !container) return;
    const active = document.activeElement;
    if (active && active !== document.body && !container.contains(active)) return;
    container.querySelector<HTMLElement>(selector)?.focus();
  }, [root, value, selector, when]);
}
