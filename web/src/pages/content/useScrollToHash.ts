import { useEffect } from 'react';

/**
 * Content pages are loaded on demand, so on a first visit to /privacy-policy#retention the section
 * does not exist yet when the router restores the scroll position. Once the page has rendered,
 * bring the section named in the address into view.
 */
export function useScrollToHash(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    document.getElementById(id)?.scrollIntoView();
  }, []);
}
