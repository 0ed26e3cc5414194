import { useEffect } from 'react';
import { APP_NAME } from '@/lib/use-page-title';

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/**
 * Sets the tab title and the meta description of a page. On unmount the description goes back to
 * the one index.html shipped, so a page without its own (login, signup) never keeps a stale one.
 */
export function PageMeta({ title, description }: { title?: string; description: string }) {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
    const tag = descriptionTag();
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [title, description]);
  return null;
}
