import { Route, Routes } from 'react-router';
import { ContentLoading, ScreenLoading } from '../components/ScreenLoading';
import type { ArticleSlug } from '../content/blog';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RootLayout } from '../features/layout/RootLayout';
import { WithRoomReturn } from '../features/rooms/WithRoomReturn';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { lazyPage } from './lazyRoute';
// The loading screens' styles (and the hero and content pages' own) stay in the main bundle, so a
// loading screen is styled before its page's chunk arrives.
import '../styles/heroes.css';
import '../styles/content.css';

const screen = <ScreenLoading />;
const content = <ContentLoading />;

const contentPage = (path: string, load: Parameters<typeof lazyPage>[1]) => ({
  path,
  element: lazyPage(path, load, content),
});
const screenPage = (path: string, load: Parameters<typeof lazyPage>[1]) => ({
  path,
  element: lazyPage(path, load, screen),
});
const article = (slug: ArticleSlug) => ({
  path: `blog/${slug}`,
  element: lazyPage(
    `blog/${slug}`,
    () => import('../pages/content/BlogArticlePage'),
    content,
    (BlogArticlePage) => <BlogArticlePage slug={slug} />,
  ),
});

/** Pages anyone may open. The content pages among them are prerendered (see PRERENDERED_PAGES). */
const PUBLIC_ROUTES = [
  screenPage('login', () => import('../pages/LoginPage')),
  screenPage('register', () => import('../pages/RegisterPage')),
  screenPage('share/:shareId', () => import('../pages/SharedHeroPage')),
  contentPage('terms-of-service', () => import('../pages/content/TermsPage')),
  contentPage('privacy-policy', () => import('../pages/content/PrivacyPage')),
  contentPage('cookie-policy', () => import('../pages/content/CookiePage')),
  contentPage('zodiac-guide', () => import('../pages/content/ZodiacGuidePage')),
  contentPage('nft-basics', () => import('../pages/content/NftBasicsPage')),
  contentPage('faqs', () => import('../pages/content/FaqPage')),
  contentPage('support', () => import('../pages/content/SupportPage')),
  contentPage('blog', () => import('../pages/content/BlogIndexPage')),
  article('zodiac-hero-archetypes'),
  article('ai-mythical-journeys'),
  contentPage('backlink-strategy', () => import('../pages/content/PartnershipPage')),
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
