/** The public shared hero screen as a chunk of its own (it brings the markdown renderer). */
import { lazy, Suspense } from 'react';

const SharedHeroPage = lazy(() => import('../../pages/SharedHeroPage'));

export function SharedHeroRoute() {
  return (
    <Suspense
      fallback={
        <p className="hero-screen-loading" role="status">
          Loading…
        </p>
      }
    >
      <SharedHeroPage />
    </Suspense>
  );
}
