/**
 * Where to go after login: the page the guard stopped (kept in router state as `from`), or '/'.
 * Only same-site paths are accepted, and never the auth pages themselves.
 */
export function redirectTarget(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string') return '/';
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  const path = from.split(/[?#]/)[0];
  if (path === '/login' || path === '/register') return '/';
  return from;
}
