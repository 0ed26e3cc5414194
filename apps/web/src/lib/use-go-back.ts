import { useNavigate } from 'react-router';

/**
 * Whether the history has an entry of this app behind the current one: the router numbers its entries (`idx` in
 * history.state), 0 for the first page of the tab, so a fresh tab or a pasted link has nowhere to go back to.
 */
export function hasPageBehind(historyState: unknown): boolean {
  const idx = (historyState as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/** "Go back": the previous page of the app, or `fallback` when the tab has none (it would otherwise do nothing). */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    if (hasPageBehind(window.history.state)) void navigate(-1);
    else void navigate(fallback);
  };
}
