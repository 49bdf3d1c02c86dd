import { Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '../../app/PageErrorBoundary';
import { NavigatorBridge } from '../../app/navigation';
import { Toaster } from '../notifications/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';
import { StarBackground } from './StarBackground';
import { useScrollToTopOnNavigation } from './useScrollToTop';

/** The shell around every page: stars, header, main landmark, footer, notifications. */
export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <StarBackground />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        {/* A page failure (a chunk that cannot load included) keeps the header and footer around the
            error screen; opening another page clears it. */}
        <PageErrorBoundary resetKey={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <Footer />
      <Toaster />
      <NavigatorBridge />
    </div>
  );
}
