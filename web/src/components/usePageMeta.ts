import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { metaTagsFor, resolvePageMeta, type PageMetaInput } from './pageMeta';

/**
 * Set only while a page is prerendered (entry-server.tsx): receives the page's title and preview tags,
 * which the prerender writes into the page's HTML head. In the browser there is none.
 */
export const PageMetaSink = createContext<((input: PageMetaInput) => void) | null>(null);

function findTag(attribute: string, key: string): HTMLMetaElement | null {
  return document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${CSS.escape(key)}"]`);
}

/**
 * Sets the document title and social preview tags for the mounted page, and puts back what was
 * there before when the page unmounts (React runs the old page's cleanup before the new page's
 * effect, so the values never mix).
 */
export function usePageMeta(input: PageMetaInput): void {
  const location = useLocation();
  const { title, description, image, type, url, card } = input;
  useContext(PageMetaSink)?.(input);

  useEffect(() => {
    const meta = resolvePageMeta({ title, description, image, type, url, card }, window.location.href);
    const previousTitle = document.title;
    const restores: Array<() => void> = [];

    document.title = meta.documentTitle;
    for (const tag of metaTagsFor(meta)) {
      let el = findTag(tag.attribute, tag.key);
      if (el) {
        const before = el.getAttribute('content');
        const existing = el;
        restores.push(() => {
          if (before === null) existing.removeAttribute('content');
          else existing.setAttribute('content', before);
        });
      } else {
        el = document.createElement('meta');
        el.setAttribute(tag.attribute, tag.key);
        document.head.appendChild(el);
        const created = el;
        restores.push(() => created.remove());
      }
      el.setAttribute('content', tag.content);
    }

    return () => {
      document.title = previousTitle;
      for (const restore of restores.reverse()) restore();
    };
  }, [title, description, image, type, url, card, location.pathname, location.search]);
}
