import { useEffect, useState } from 'react';

/** The header becomes solid after scrolling more than 10 px. */
export const HEADER_SCROLL_THRESHOLD = 10;

export function useScrolledPast(threshold = HEADER_SCROLL_THRESHOLD): boolean {
  // Read after mounting: a prerendered page hydrates as the server rendered it, at the top.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}
