import { Link } from 'react-router';
import { StarBackground } from '../features/layout/StarBackground';

function describe(error: unknown): string | null {
  if (error instanceof Error) return error.message;
  return null;
}

/**
 * The screen for unexpected errors (see PageErrorBoundary). Inside the shell it replaces only the
 * page; `standalone` is used when the shell itself failed, so it brings its own background.
 */
export function ErrorPage({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const detail = describe(error);

  const content = (
    <section className="status-page" aria-labelledby="error-title">
      <p className="eyebrow">A disturbance in the cosmos</p>
      <h1 id="error-title">Unexpected Application Error!</h1>
      <p className="lead">
        Something went wrong while charting this page. Reloading usually sets the stars right again.
      </p>
      {detail && (
        <details className="error-details">
          <summary>Technical details</summary>
          <code>{detail}</code>
        </details>
      )}
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload Page
        </button>
        <Link to="/" className="button button--ghost" reloadDocument={standalone}>
          Back to Home
        </Link>
      </div>
    </section>
  );

  if (!standalone) return content;
  return (
    <div className="app-shell">
      <StarBackground />
      <main id="main" className="site-main site-main--bare">
        {content}
      </main>
    </div>
  );
}
