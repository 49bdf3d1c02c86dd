/**
 * Ends the token's session on the server (every gateway instance). A plain fetch with keepalive, not
 * an RTK Query call: signing out resets the API cache at once, and the page may be left right after,
 * while this request must still go out. Failures are ignored: the local sign-out never waits for it.
 */
export function revokeSession(token: string, fetchFn: typeof fetch = globalThis.fetch): Promise<void> {
  return fetchFn('/api/auth/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    keepalive: true,
  }).then(
    () => undefined,
    () => undefined,
  );
}
