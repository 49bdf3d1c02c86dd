/**
 * A small bridge so code outside React (the API base query) can send the user to /login
 * through the router instead of reloading the page. NavigatorBridge, in the app's layout, registers it.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface Navigator {
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): unknown;
  readonly state: { location: { pathname: string; search: string; hash: string } };
}

let router: Navigator | null = null;

export function registerNavigator(next: Navigator | null): void {
  router = next;
}

/** Redirects to /login, remembering the page so login can return to it. */
export function redirectToLogin(): void {
  if (!router) {
    window.location.assign('/login');
    return;
  }
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate('/login', { replace: true, state: { from: `${pathname}${search}${hash}` } });
}

/** Registers the router's navigate and current location for redirectToLogin while the app is mounted. */
export function NavigatorBridge(): null {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef(location);
  useEffect(() => {
    current.current = location;
  });
  useEffect(() => {
    registerNavigator({
      navigate: (to, options) => navigate(to, options),
      get state() {
        return { location: current.current };
      },
    });
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}
