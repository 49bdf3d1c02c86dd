import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { ContentLoading, ScreenLoading } from '../components/ScreenLoading';
import type { ArticleSlug } from '../content/blog';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RootLayout } from '../features/layout/RootLayout';
import { WithRoomReturn } from '../features/rooms/WithRoomReturn';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { lazyPage } from './lazyRoute';
// The loading screens' styles (and the hero and content pages' own) are the entry's (src/boot.ts), so
// a loading screen is styled before its page's chunk arrives.

const screen = <ScreenLoading />;
const content = <ContentLoading />;

/** A content page: `module` is its source file in web/, the key of its chunk in the build's manifest. */
const contentPage = (path: string, module: string, load: Parameters<typeof lazyPage>[1]) => ({
  path,
  module,
  element: lazyPage(path, load, content),
});
const screenPage = (path: string, load: Parameters<typeof lazyPage>[1]) => ({
  path,
  element: lazyPage(path, load, screen),
});
const article = (slug: ArticleSlug) => ({
  path: `blog/${slug}`,
  module: 'src/pages/content/BlogArticlePage.tsx',
  element: lazyPage(
    `blog/${slug}`,
    () => import('../pages/content/BlogArticlePage'),
    content,
    (BlogArticlePage) => <BlogArticlePage slug={slug} />,
  ),
});

/** A route's page; `module` names the page's source file when it is prerendered (content pages). */
interface PageRoute {
  path: string;
  module?: string;
  element: ReactElement;
}

/** Pages anyone may open. The content pages among them are prerendered (see PRERENDERED_PAGES). */
const PUBLIC_ROUTES: PageRoute[] = [
  screenPage('login', () => import('../pages/LoginPage')),
  screenPage('register', () => import('../pages/RegisterPage')),
  screenPage('share/:shareId', () => import('../pages/SharedHeroPage')),
  contentPage(
    'terms-of-service',
    'src/pages/content/TermsPage.tsx',
    () => import('../pages/content/TermsPage'),
  ),
  contentPage(
    'privacy-policy',
    'src/pages/content/PrivacyPage.tsx',
    () => import('../pages/content/PrivacyPage'),
  ),
  contentPage(
    'cookie-policy',
    'src/pages/content/CookiePage.tsx',
    () => import('../pages/content/CookiePage'),
  ),
  contentPage(
    'zodiac-guide',
    'src/pages/content/ZodiacGuidePage.tsx',
    () => import('../pages/content/ZodiacGuidePage'),
  ),
  contentPage(
    'nft-basics',
    'src/pages/content/NftBasicsPage.tsx',
    () => import('../pages/content/NftBasicsPage'),
  ),
  contentPage('faqs', 'src/pages/content/FaqPage.tsx', () => import('../pages/content/FaqPage')),
  contentPage('support', 'src/pages/content/SupportPage.tsx', () => import('../pages/content/SupportPage')),
  contentPage('blog', 'src/pages/content/BlogIndexPage.tsx', () => import('../pages/content/BlogIndexPage')),
  article('zodiac-hero-archetypes'),
  article('ai-mythical-journeys'),
  contentPage(
    'backlink-strategy',
    'src/pages/content/PartnershipPage.tsx',
    () => import('../pages/content/PartnershipPage'),
  ),
];

/** Pages behind sign-in: visitors are sent to /login (RequireAuth). Never prerendered. */
const SIGNED_IN_ROUTES = [
  screenPage('create', () => import('../pages/CreateHeroPage')),
  {
    path: 'hero/:id',
    element: lazyPage(
      'hero/:id',
      () => import('../pages/HeroPage'),
      screen,
      (HeroPage) => (
        <WithRoomReturn>
          <HeroPage />
        </WithRoomReturn>
      ),
    ),
  },
  screenPage('checkout/:id', () => import('../pages/CheckoutPage')),
  screenPage('profile', () => import('../pages/ProfilePage')),
  screenPage('heroes', () => import('../pages/HeroesListPage')),
  screenPage('shared-story', () => import('../pages/SharedStoryLobbyPage')),
  screenPage('shared-story/:roomId', () => import('../pages/SharedStoryRoomPage')),
];

/**
 * The pages whose HTML is rendered at build time (web/scripts/prerender.mjs), so the server's answer
 * carries their text, title and preview tags before any JavaScript runs. The 404 page is rendered at
 * NOT_FOUND_PRERENDER_PATH, a path no route matches.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/blog',
  '/blog/zodiac-hero-archetypes',
  '/blog/ai-mythical-journeys',
  '/zodiac-guide',
  '/faqs',
  '/nft-basics',
  '/terms-of-service',
  '/privacy-policy',
  '/cookie-policy',
  '/support',
  '/backlink-strategy',
] as const;
export const NOT_FOUND_PRERENDER_PATH = '/404';

/**
 * The module of each prerendered page that is a lazy route, by page path (the landing and the 404 are
 * in the app's own chunk): the prerender names its chunks in the page's head, fetched with the app.
 */
export const PRERENDERED_PAGE_MODULES: Readonly<Record<string, string>> = Object.fromEntries(
  PUBLIC_ROUTES.flatMap(({ path, module }): Array<[string, string]> =>
    module && (PRERENDERED_PAGES as readonly string[]).includes(`/${path}`) ? [[`/${path}`, module]] : [],
  ),
);

/**
 * Every path pattern the app answers (React Router syntax), for the server: a path that matches none
 * of them is answered with the 404 page and a 404 status.
 */
export const ROUTE_PATTERNS = [
  '/',
  ...[...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES].map((route) => `/${route.path}`),
];

/**
 * The app's pages inside the shell (header, footer, error screen): the landing page and the 404 are
 * in the main bundle, every other page is a chunk of its own (see lazyPage), so the landing's bundle
 * holds no server call, form or signed-in screen.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        {PUBLIC_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
        <Route element={<RequireAuth />}>
          {SIGNED_IN_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={route.element} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
