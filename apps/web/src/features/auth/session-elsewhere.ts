/**
 * The stored session changed in another tab (a logout or a login there), however this tab noticed it: the storage
 * event, or a look at storage when the tab is shown again after missing that event (frozen in the background, or
 * restored from the back-forward cache). The auth provider reports it; the route guard leaves the page it admitted,
 * which a logout from inside the page keeps.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionChangedElsewhere(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportSessionChangedElsewhere(): void {
  for (const listener of [...listeners]) listener();
}
