/**
 * The browser session: token under 'authToken', user JSON under 'user'.
 * Storage is passed in so the rules are unit-tested without a browser.
 */
import type { UserDto } from '@starborn/contracts';

/** What the app keeps of the signed-in user (the API's user, without its dates). */
export type User = Pick<UserDto, 'id' | 'name' | 'email'>;

export interface Session {
  token: string;
  user: User;
}

export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'user';

/** The slice of the Web Storage API we use (localStorage in the browser). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A user value is usable only with a string/number id, a non-empty email and a string name. */
export function parseUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const id = typeof v.id === 'number' ? String(v.id) : v.id;
  if (typeof id !== 'string' || id === '') return null;
  if (typeof v.email !== 'string' || v.email === '') return null;
  if (typeof v.name !== 'string') return null;
  return { id, name: v.name, email: v.email };
}

export function parseStoredUser(raw: string): User | null {
  try {
    return parseUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Restores the session on load. A corrupt stored user clears both keys; so does a
 * half session (a token without a user or the reverse), which nothing can use.
 */
export function loadSession(storage: KeyValueStorage): Session | null {
  try {
    const token = storage.getItem(TOKEN_KEY);
    const rawUser = storage.getItem(USER_KEY);
    if (token === null && rawUser === null) return null;
    const user = rawUser === null ? null : parseStoredUser(rawUser);
    if (!token || !user) {
      clearSession(storage);
      return null;
    }
    return { token, user };
  } catch {
    // Storage can be unavailable (privacy modes); the visitor is then simply signed out.
    return null;
  }
}

export function saveSession(storage: KeyValueStorage, session: Session): void {
  try {
    storage.setItem(TOKEN_KEY, session.token);
    storage.setItem(USER_KEY, JSON.stringify(session.user));
  } catch {
    // Without storage the session lives only in memory for this tab.
  }
}

export function clearSession(storage: KeyValueStorage): void {
  try {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(USER_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function readToken(storage: KeyValueStorage): string | null {
  try {
    return storage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The name shown in the header link to /profile (falls back to 'Profile'). */
export function profileLabel(user: Pick<User, 'name'> | null | undefined): string {
  return user?.name.trim() || 'Profile';
}

/** The name used when greeting the user (falls back to 'Hero'). */
export function greetingName(user: Pick<User, 'name'> | null | undefined): string {
  return user?.name.trim() || 'Hero';
}
