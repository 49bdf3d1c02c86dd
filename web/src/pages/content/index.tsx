/**
 * The public content pages. Their texts are long (legal documents, articles), so each page is a
 * chunk of its own, loaded when its route is first shown; the landing page does not pay for them.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { ArticleSlug } from '../../content/blog';
import '../../styles/content.css';

function ContentLoading() {
  return (
    <div className="content-loading" role="status">
      <span className="content-loading__spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}

const RELOAD_KEY = 'starborn:chunk-reload';

/**
 * After a deploy, a tab still running the previous build asks for page chunks that no longer exist.
 * Reload once to pick up the new build; if the chunk still fails after that, let the error screen show.
 */
function loadOrReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      const module = await load();
      try {
        sessionStorage.removeItem(RELOAD_KEY);
      } catch {
        // Storage blocked: nothing to clear.
      }
      return module;
    } catch (error) {
      const here = window.location.pathname;
      let reloadedHere = true;
      try {
        reloadedHere = sessionStorage.getItem(RELOAD_KEY) === here;
        if (!reloadedHere) sessionStorage.setItem(RELOAD_KEY, here);
      } catch {
        // Storage blocked: do not risk a reload loop.
      }
      if (reloadedHere) throw error;
      window.location.reload();
      return new Promise<T>(() => {});
    }
  };
}

function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Page = lazy(loadOrReload(load));
  function ContentPage(props: P) {
    return (
      <Suspense fallback={<ContentLoading />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return ContentPage;
}

export const TermsPage = lazyPage(() => import('./TermsPage'));
export const PrivacyPage = lazyPage(() => import('./PrivacyPage'));
export const CookiePage = lazyPage(() => import('./CookiePage'));
export const ZodiacGuidePage = lazyPage(() => import('./ZodiacGuidePage'));
export const NftBasicsPage = lazyPage(() => import('./NftBasicsPage'));
export const FaqPage = lazyPage(() => import('./FaqPage'));
export const SupportPage = lazyPage(() => import('./SupportPage'));
export const BlogIndexPage = lazyPage(() => import('./BlogIndexPage'));
export const PartnershipPage = lazyPage(() => import('./PartnershipPage'));
const BlogArticle = lazyPage<{ slug: ArticleSlug }>(() => import('./BlogArticlePage'));

export function BlogArticlePage({ slug }: { slug: ArticleSlug }) {
  return <BlogArticle slug={slug} />;
}
