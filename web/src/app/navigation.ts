/**
 * A small bridge so code outside React (the API base query) can send the user to /login
 * through the data router instead of reloading the page. main.tsx registers the router.
 */
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
