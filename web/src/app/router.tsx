import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RootLayout } from '../features/layout/RootLayout';
import { CheckoutRoute } from '../features/payments/CheckoutRoute';
import { SharedHeroRoute } from '../features/shares/SharedHeroRoute';
import { ErrorPage } from '../pages/ErrorPage';
import { CreateHeroPage, HeroesListPage, HeroPage } from '../pages/heroPages';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import {
  BlogArticlePage,
  BlogIndexPage,
  CookiePage,
  FaqPage,
  NftBasicsPage,
  PartnershipPage,
  PrivacyPage,
  SupportPage,
  TermsPage,
  ZodiacGuidePage,
} from '../pages/content';
import { ProfilePage } from '../pages/ProfilePage';
import { RegisterPage } from '../pages/RegisterPage';
import { SharedStoryLobbyPage, SharedStoryRoomPage, WithRoomReturn } from '../pages/sharedStoryPages';

/** Spec §2 "Route access": public routes, login-required routes, and the catch-all 404. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // If the shell itself fails, show the error screen on its own.
    errorElement: <ErrorPage standalone />,
    children: [
      {
        // A page failure keeps the header and footer around the error screen.
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'share/:shareId', element: <SharedHeroRoute /> },
          { path: 'terms-of-service', element: <TermsPage /> },
          { path: 'privacy-policy', element: <PrivacyPage /> },
          { path: 'cookie-policy', element: <CookiePage /> },
          { path: 'zodiac-guide', element: <ZodiacGuidePage /> },
          { path: 'nft-basics', element: <NftBasicsPage /> },
          { path: 'faqs', element: <FaqPage /> },
          { path: 'support', element: <SupportPage /> },
          { path: 'blog', element: <BlogIndexPage /> },
          { path: 'blog/zodiac-hero-archetypes', element: <BlogArticlePage slug="zodiac-hero-archetypes" /> },
          { path: 'blog/ai-mythical-journeys', element: <BlogArticlePage slug="ai-mythical-journeys" /> },
          { path: 'backlink-strategy', element: <PartnershipPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'create', element: <CreateHeroPage /> },
              {
                path: 'hero/:id',
                element: (
                  <WithRoomReturn>
                    <HeroPage />
                  </WithRoomReturn>
                ),
              },
              { path: 'checkout/:id', element: <CheckoutRoute /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'heroes', element: <HeroesListPage /> },
              { path: 'shared-story', element: <SharedStoryLobbyPage /> },
              { path: 'shared-story/:roomId', element: <SharedStoryRoomPage /> },
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
