import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../notifications/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';
import { StarBackground } from './StarBackground';

/** The shell around every page: stars, header, main landmark, footer, notifications. */
export function RootLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <StarBackground />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
