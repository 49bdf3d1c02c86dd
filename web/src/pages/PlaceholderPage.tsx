import { Link } from 'react-router';
import { SparkleIcon } from '../components/Icons';
import { usePageMeta } from '../components/usePageMeta';

export interface PlaceholderPageProps {
  title: string;
  description: string;
  /** One honest sentence about what this page will offer. */
  teaser: string;
}

/**
 * Routes whose features arrive in later releases: a real page that says so plainly,
 * instead of a fake feature.
 */
export function PlaceholderPage({ title, description, teaser }: PlaceholderPageProps) {
  usePageMeta({ title, description });
  return (
    <section className="placeholder-page" aria-labelledby="placeholder-title">
      <div className="placeholder-card">
        <span className="placeholder-card__badge">
          <SparkleIcon width={16} height={16} /> On its way
        </span>
        <h1 id="placeholder-title">{title}</h1>
        <p className="lead">{teaser}</p>
        <p className="muted">
          This part of Starborn is on its way. We are charting its stars right now, so check back soon.
        </p>
        <div className="actions">
          <Link to="/" className="button button--ghost">
            Back to Home
          </Link>
        </div>
      </div>
    </section>
  );
}
