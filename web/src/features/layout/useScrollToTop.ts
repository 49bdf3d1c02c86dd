import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Opening a page by a link starts it at the top, as a full page load would; going back or forward
 * leaves the position to the browser, and a link to an anchor (#section) to the page's own scrolling.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}
