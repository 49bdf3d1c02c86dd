/**
 * Code-split routes: a route's page is a chunk of its own, loaded the first time the route is shown
 * (React.lazy), so the landing page does not pay for the markdown renderer, the sanitiser, the sockets
 * or the long content texts. While the chunk loads, the route shows its loading screen. On a page the
 * server prerendered, hydration leaves the server's markup in place until the chunk arrives, so the
 * loading screen never flashes there.
 */
import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { commitSignal } from './commitSignal';

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

const firstPage = commitSignal();
/**
 * Settles once the first lazily loaded page is on screen as the app's: on a prerendered page, once it
 * has hydrated (src/boot.ts waits for it before handing the page's forms to the app).
 */
export const firstPageShown = firstPage.committed;

/**
 * The element of a route whose page is the default export of a module: the page in a Suspense
 * boundary of its own with the route's loading screen. The boundary is keyed by the route, so going to
 * another page mounts a new boundary that shows its loading screen at once, instead of keeping the
 * previous page up until the chunk arrives. `render` places the page when it needs props or a frame
 * (the blog article's slug, the hero page's notice).
 */
export function lazyPage<P extends object>(
  key: string,
  load: () => Promise<PageModule<P>>,
  fallback: ReactNode,
  render?: (Page: ComponentType<P>) => ReactNode,
): ReactElement {
  const Page = lazy(loadOrReload(load));
  const Loaded = Page as unknown as ComponentType<P>;
  return (
    <Suspense key={key} fallback={fallback}>
      {render ? render(Loaded) : <Page {...({} as P)} />}
      <firstPage.Marker />
    </Suspense>
  );
}
