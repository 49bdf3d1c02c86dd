import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation, type Location } from 'react-router';
import { Toaster } from '../notifications/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';
import { StarBackground } from './StarBackground';

export interface RootLayoutProps {
  /** The loading screen of the route a pending navigation goes to, while its page's chunk loads. */
  pendingFallback?: (location: Location) => ReactNode | null;
}

/** The shell around every page: stars, header, main landmark, footer, notifications. */
export function RootLayout({ pendingFallback }: RootLayoutProps) {
  const navigation = useNavigation();
  // Going to a page whose chunk is not loaded yet: show its loading screen at once, as the page
  // would, rather than leaving the previous page up until the chunk arrives.
  const pending =
    navigation.state === 'loading' && pendingFallback ? pendingFallback(navigation.location) : null;
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <StarBackground />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        {pending ?? <Outlet />}
      </main>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
