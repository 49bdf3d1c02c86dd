/**
 * Renders a public page to HTML at build time (web/scripts/prerender.mjs): the page as a visitor sees
 * it, with every lazily loaded part resolved, and the title and preview tags the page asks for.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import {
  AppRoutes,
  NOT_FOUND_PRERENDER_PATH,
  PRERENDERED_PAGE_MODULES,
  PRERENDERED_PAGES,
  ROUTE_PATTERNS,
} from './app/router';
import { PRERENDER_ORIGIN } from './app/siteOrigin';
import { createAppStore } from './app/store';
import type { PageMetaInput } from './components/pageMeta';
import { PageMetaSink } from './components/usePageMeta';
import { memoryStorage } from './features/auth/memoryStorage';

export {
  NOT_FOUND_PRERENDER_PATH,
  PRERENDERED_PAGE_MODULES,
  PRERENDERED_PAGES,
  PRERENDER_ORIGIN,
  ROUTE_PATTERNS,
};
export { metaTagsFor, resolvePageMeta } from './components/pageMeta';

export interface RenderedPage {
  /** The markup of the app's root element. */
  html: string;
  /** What the page passed to usePageMeta (the last call wins, as in the browser). */
  meta: PageMetaInput;
}

async function render(path: string): Promise<RenderedPage> {
  let meta: PageMetaInput = {};
  const store = createAppStore(memoryStorage());
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Provider store={store}>
        <StaticRouter location={path}>
          <PageMetaSink.Provider value={(input) => (meta = input)}>
            <AppRoutes />
          </PageMetaSink.Provider>
        </StaticRouter>
      </Provider>
    </StrictMode>,
    {
      // Never outline a finished Suspense boundary for progressive reveal: React would complete it
      // with an inline script, which the Content-Security-Policy refuses (script-src 'self').
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        throw error;
      },
    },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as AsyncIterable<string | Uint8Array>)
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return { html: html + decoder.decode(), meta };
}

/** The page's markup, every lazy part loaded, with no inline script. */
export async function renderPage(path: string): Promise<RenderedPage> {
  const page = await render(path);
  if (/<script(?![^>]*type="application\/ld\+json")/.test(page.html))
    throw new Error(`The prerendered ${path} holds an inline script, which the CSP would refuse`);
  return page;
}
