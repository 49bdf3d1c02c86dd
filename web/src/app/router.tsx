import { createBrowserRouter, type RouteObject } from 'react-router';
import { ContentLoading, ScreenLoading } from '../components/ScreenLoading';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RootLayout } from '../features/layout/RootLayout';
import { WithRoomReturn } from '../features/rooms/WithRoomReturn';
import { ErrorPage } from '../pages/ErrorPage';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { lazyRoute, pendingFallback } from './lazyRoute';
// The loading screens' styles (and the hero and content pages' own) stay in the main bundle, so a
// loading screen is styled before its page's chunk arrives.
import '../styles/heroes.css';
import '../styles/content.css';

const screen = <ScreenLoading />;
const content = <ContentLoading />;

/**
 * Public routes, login-required routes, and the catch-all 404. Pages other than the landing page and
 * the 404 are chunks of their own (see lazyRoute): the landing's bundle holds no server call, form or
 * signed-in screen.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout pendingFallback={(location) => pendingFallback(routes, location)} />,
    // If the shell itself fails, show the error screen on its own.
    errorElement: <ErrorPage standalone />,
    children: [
      {
        // A page failure (a chunk that cannot load included) keeps the header and footer around the
        // error screen.
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', ...lazyRoute(() => import('../pages/LoginPage'), screen) },
          { path: 'register', ...lazyRoute(() => import('../pages/RegisterPage'), screen) },
          { path: 'share/:shareId', ...lazyRoute(() => import('../pages/SharedHeroPage'), screen) },
          { path: 'terms-of-service', ...lazyRoute(() => import('../pages/content/TermsPage'), content) },
          { path: 'privacy-policy', ...lazyRoute(() => import('../pages/content/PrivacyPage'), content) },
          { path: 'cookie-policy', ...lazyRoute(() => import('../pages/content/CookiePage'), content) },
          { path: 'zodiac-guide', ...lazyRoute(() => import('../pages/content/ZodiacGuidePage'), content) },
          { path: 'nft-basics', ...lazyRoute(() => import('../pages/content/NftBasicsPage'), content) },
          { path: 'faqs', ...lazyRoute(() => import('../pages/content/FaqPage'), content) },
          { path: 'support', ...lazyRoute(() => import('../pages/content/SupportPage'), content) },
          { path: 'blog', ...lazyRoute(() => import('../pages/content/BlogIndexPage'), content) },
          {
            path: 'blog/zodiac-hero-archetypes',
            ...lazyRoute(
              () => import('../pages/content/BlogArticlePage'),
              content,
              (BlogArticlePage) => <BlogArticlePage slug="zodiac-hero-archetypes" />,
            ),
          },
          {
            path: 'blog/ai-mythical-journeys',
            ...lazyRoute(
              () => import('../pages/content/BlogArticlePage'),
              content,
              (BlogArticlePage) => <BlogArticlePage slug="ai-mythical-journeys" />,
            ),
          },
          {
            path: 'backlink-strategy',
            ...lazyRoute(() => import('../pages/content/PartnershipPage'), content),
          },
          {
            element: <RequireAuth />,
            children: [
              { path: 'create', ...lazyRoute(() => import('../pages/CreateHeroPage'), screen) },
              {
                path: 'hero/:id',
                ...lazyRoute(
                  () => import('../pages/HeroPage'),
                  screen,
                  (HeroPage) => (
                    <WithRoomReturn>
                      <HeroPage />
                    </WithRoomReturn>
                  ),
                ),
              },
              { path: 'checkout/:id', ...lazyRoute(() => import('../pages/CheckoutPage'), screen) },
              { path: 'profile', ...lazyRoute(() => import('../pages/ProfilePage'), screen) },
              { path: 'heroes', ...lazyRoute(() => import('../pages/HeroesListPage'), screen) },
              { path: 'shared-story', ...lazyRoute(() => import('../pages/SharedStoryLobbyPage'), screen) },
              {
                path: 'shared-story/:roomId',
                ...lazyRoute(() => import('../pages/SharedStoryRoomPage'), screen),
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
