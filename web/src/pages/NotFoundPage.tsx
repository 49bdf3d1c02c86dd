import { Link } from 'react-router';
import { usePageMeta } from '../components/usePageMeta';

/** What could not be found: an address of the app, a hero, or a shared story room. */
export type NotFoundKind = 'page' | 'hero' | 'room';

const LEADS: Record<NotFoundKind, string> = {
  page: 'The page you are looking for has drifted beyond the known stars. It may have moved, or it never existed.',
  hero: 'No hero of yours answers to this address. It may have been deleted, belong to someone else, or never existed.',
  room: 'No shared story answers to this address. The room may never have existed, or its link is mistyped.',
};

/** The 404 look, for unknown addresses and for a hero or room the server does not know (or show). */
export function NotFoundPage({ kind = 'page' }: { kind?: NotFoundKind }) {
  usePageMeta({ title: 'Page Not Found', description: 'This page drifted beyond the known stars.' });
  return (
    <section className="status-page" aria-labelledby="not-found-title" data-not-found={kind}>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Lost in the Cosmic Void</h1>
      <p className="lead">{LEADS[kind]}</p>
      <div className="actions">
        <Link to="/" className="button button--primary">
          Return Home
        </Link>
        {kind === 'hero' && (
          <Link to="/heroes" className="button button--ghost">
            Your Heroes
          </Link>
        )}
        {kind === 'room' && (
          <Link to="/shared-story" className="button button--ghost">
            Shared Stories
          </Link>
        )}
        {kind === 'page' && (
          <Link to="/zodiac-guide" className="button button--ghost">
            Explore the Zodiac Guide
          </Link>
        )}
      </div>
    </section>
  );
}
