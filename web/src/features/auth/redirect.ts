/**
 * Where to go after login: the page the guard stopped (kept in router state as `from`), or the
 * fallback ('/' unless told). Only same-site paths are accepted, and never the auth pages themselves.
 */
export function redirectTarget(state: unknown, fallback = '/'): string {
  const from = redirectFrom(state);
  return from ?? fallback;
}

/** The page the guard stopped, when it is a safe same-site path; null otherwise. */
export function redirectFrom(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string') return null;
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  const path = from.split(/[?#]/)[0];
  if (path === '/login' || path === '/register') return null;
  return from;
}

/** Where a freshly registered person goes when they came for nothing else: the hero wizard. */
export const AFTER_REGISTER_PATH = '/create';

/** The router state that carries the stopped page on to the other auth page, or none. */
export function carriedState(state: unknown): { from: string } | undefined {
  const from = redirectFrom(state);
  return from ? { from } : undefined;
}

/**
 * The room invitation a stopped page stands for (`/shared-story/{roomId}?invite=…`), or null. The
 * sign-in and registration pages name it so the person knows the invite is kept.
 */
export function invitationIn(state: unknown): { roomId: string } | null {
  const from = redirectFrom(state);
  if (!from) return null;
  const url = new URL(from, 'http://starborn.invalid');
  const match = /^\/shared-story\/([^/]+)$/.exec(url.pathname);
  if (!match || !url.searchParams.get('invite')) return null;
  return { roomId: decodeURIComponent(match[1]) };
}

/**
 * Said above the auth forms when the person came through a room invitation. The room's title is not
 * readable signed out (the room's detail is for members and invitees), so the sentence is generic.
 */
export const INVITED_NOTICE =
  'You are invited to a shared story room. Sign in, or create an account, and we will take you to it.';
