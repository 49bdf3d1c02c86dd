import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while React hydrates a prerendered page, true after: what only
 * the browser can know (the window's size, the scroll position) is rendered from then on, so hydration
 * sees exactly the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
