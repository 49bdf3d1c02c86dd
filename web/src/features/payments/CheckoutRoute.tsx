/** The checkout screen as a chunk of its own, loaded when /checkout/:id is first shown. */
import { lazy, Suspense } from 'react';

const CheckoutPage = lazy(() => import('../../pages/CheckoutPage'));

export function CheckoutRoute() {
  return (
    <Suspense
      fallback={
        <p className="hero-screen-loading" role="status">
          Loading…
        </p>
      }
    >
      <CheckoutPage />
    </Suspense>
  );
}
