import { Link } from 'react-router';
import { usePageMeta } from '../components/usePageMeta';

export function NotFoundPage() {
  usePageMeta({ title: 'Page Not Found', description: 'This page drifted beyond the known stars.' });
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Lost in the Cosmic Void</h1>
      <p className="lead">
        The page you are looking for has drifted beyond the known stars. It may have moved, or it never
        existed.
      </p>
      <div className="actions">
        <Link to="/" className="button button--primary">
          Return Home
        </Link>
        <Link to="/zodiac-guide" className="button button--ghost">
          Explore the Zodiac Guide
        </Link>
      </div>
    </section>
  );
}
