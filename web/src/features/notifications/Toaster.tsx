import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';

// Most visits show no notification: the toasts' code loads with the first one.
const ToastList = lazy(() => import('./ToastList'));

/**
 * The notifications' polite live region, on every page from the start (a region added with its
 * content is not announced), with the queue inside it once there is something to show.
 */
export function Toaster() {
  const hasNotifications = useAppSelector((state) => state.notifications.length > 0);
  return (
    <section className="toaster" aria-label="Notifications" aria-live="polite">
      {hasNotifications && (
        <Suspense fallback={null}>
          <ToastList />
        </Suspense>
      )}
    </section>
  );
}
