import { useEffect } from 'react';

export const APP_NAME = 'AEC Con-Tech Data Tools';

/** Each route names itself in the tab; the landing page keeps the bare product name. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
