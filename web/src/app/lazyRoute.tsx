/**
 * Code-split routes: a route's page is a chunk of its own, loaded by React Router the first time the
 * route is shown (route-level `lazy`), so the landing page does not pay for the markdown renderer,
 * the sanitiser, the sockets or the long content texts. While the chunk loads, the route shows its
 * loading screen: on the first load of the app through `hydrateFallbackElement`, on a later visit
 * through the layout's pending outlet (see pendingFallback), both with the same element.
 */
import type { ComponentType, ReactNode } from 'react';
import { matchRoutes, type Location, type RouteObject } from 'react-router';

const RELOAD_KEY = 'starborn:chunk-reload';

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  pathname: () => string;
  reload: () => void;
}

const browser: ReloadEnvironment = {
  get storage() {
    return window.sessionStorage;
  },
  pathname: () => window.location.pathname,
  reload: () => window.location.reload(),
};

/**
 * After a deploy, a tab still running the previous build asks for page chunks that no longer exist.
 * Reload once to pick up the new build; if the chunk still fails after that, let the error screen show.
 */
export function loadOrReload<T>(load: () => Promise<T>, env: ReloadEnvironment = browser): () => Promise<T> {
  return async () => {
    try {
      const module = await load();
      try {
        env.storage.removeItem(RELOAD_KEY);
      } catch {
        // Storage blocked: nothing to clear.
      }
      return module;
    } catch (error) {
      const here = env.pathname();
      let reloadedHere = true;
      try {
        reloadedHere = env.storage.getItem(RELOAD_KEY) === here;
        if (!reloadedHere) env.storage.setItem(RELOAD_KEY, here);
      } catch {
        // Storage blocked: do not risk a reload loop.
      }
      if (reloadedHere) throw error;
      env.reload();
      // The page is going away: never settle, so no error screen flashes before the reload.
      return new Promise<T>(() => {});
    }
  };
}

type PageModule<P> = { default: ComponentType<P> };

/**
 * The `lazy` and loading screen of a route whose page is the default export of a module. `render`
 * places the page when it needs props or a frame (the blog article's slug, the hero page's notice).
 */
export function lazyRoute<P extends object>(
  load: () => Promise<PageModule<P>>,
  fallback: ReactNode,
  render?: (Page: ComponentType<P>) => ReactNode,
): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  const loadPage = loadOrReload(load);
  return {
    hydrateFallbackElement: fallback,
    lazy: async () => {
      const { default: Page } = await loadPage();
      return render ? { element: render(Page) } : { Component: Page as ComponentType };
    },
  };
}

/**
 * The loading screen of the route a pending navigation goes to (its chunk is loading), or null. The
 * deepest matched route that has one wins, as on the first load.
 */
export function pendingFallback(routes: RouteObject[], location: Location | string): ReactNode | null {
  const matches = matchRoutes(routes, location) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const fallback = matches[i]!.route.hydrateFallbackElement;
    if (fallback !== undefined && fallback !== null) return fallback;
  }
  return null;
}
