/**
 * One place that turns a failed API call into the product's error wording.
 * Pure functions only: the base query and the pages call them, Jest tests them.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export const ERROR_MESSAGES = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  authFailed: 'Authentication failed. Please check your credentials and try again.',
  generic: 'Something went wrong. Please try again.',
  loginInvalid: 'Invalid email or password. Please try again.',
  loginFailed: 'Login failed. Please try again.',
  loginNoResponse: 'No response from server. Please check your connection and try again.',
  loginRequestFailed: 'Login request failed. Please try again.',
  registerFailed: 'Registration failed. Please try again.',
} as const;

/** How a call failed: an HTTP answer, no answer in time, no answer at all, or something else. */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'unknown';

/** What every RTK Query endpoint of this app rejects with. */
export interface ApiError {
  kind: ApiErrorKind;
  /** HTTP status when the server answered. */
  status?: number;
  /** Machine-readable code from the server's error body (`{ status, code, message, error }`). */
  code?: string;
  /** The server's own words: its `error` field, else its `message` field. */
  serverMessage?: string;
  /** The sentence to show the user when the endpoint has no more specific rule. */
  message: string;
}

/** True for calls under /api/auth/ (the base URL is /api, so these are `auth/...` or `/auth/...`). */
export function isAuthUrl(url: string): boolean {
  const path = url.replace(/^\/?(api\/)?/, '');
  return path.startsWith('auth/');
}

function readServerBody(data: unknown): { serverMessage?: string; code?: string } {
  if (typeof data !== 'object' || data === null) return {};
  const body = data as Record<string, unknown>;
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  return {
    serverMessage: pick(body.error) ?? pick(body.message),
    code: pick(body.code),
  };
}

/** Maps a raw fetchBaseQuery failure for `url` to an ApiError with the generic message for its kind of failure. */
export function toApiError(raw: FetchBaseQueryError, url: string): ApiError {
  if (raw.status === 'TIMEOUT_ERROR') return { kind: 'timeout', message: ERROR_MESSAGES.timeout };
  if (raw.status === 'FETCH_ERROR') return { kind: 'network', message: ERROR_MESSAGES.network };

  // PARSING_ERROR still carries the HTTP status: the server answered, just not with JSON.
  const status =
    typeof raw.status === 'number'
      ? raw.status
      : raw.status === 'PARSING_ERROR'
        ? raw.originalStatus
        : undefined;
  if (status === undefined) return { kind: 'unknown', message: ERROR_MESSAGES.generic };

  const { serverMessage, code } = raw.status === 'PARSING_ERROR' ? {} : readServerBody(raw.data);
  let message: string = serverMessage ?? ERROR_MESSAGES.generic;
  if (status === 401 && isAuthUrl(url) && !serverMessage) message = ERROR_MESSAGES.authFailed;
  return { kind: 'http', status, code, serverMessage, message };
}

/** A 401 outside /api/auth/ means the session is gone: clear it and send the user to /login. */
export function endsSession(error: ApiError, url: string): boolean {
  return error.kind === 'http' && error.status === 401 && !isAuthUrl(url);
}

/** Narrows anything a mutation rejected with to our ApiError shape (or undefined). */
export function asApiError(value: unknown): ApiError | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Partial<ApiError>;
  return typeof v.kind === 'string' && typeof v.message === 'string' ? (v as ApiError) : undefined;
}

/** Login: 401, then the server's words, then the fallbacks for no answer and other failures. */
export function loginErrorMessage(error: unknown): string {
  const e = asApiError(error);
  if (!e) return ERROR_MESSAGES.loginRequestFailed;
  switch (e.kind) {
    case 'http':
      if (e.status === 401) return ERROR_MESSAGES.loginInvalid;
      return e.serverMessage ?? ERROR_MESSAGES.loginFailed;
    case 'timeout':
      return ERROR_MESSAGES.timeout;
    case 'network':
      return ERROR_MESSAGES.loginNoResponse;
    default:
      return ERROR_MESSAGES.loginRequestFailed;
  }
}

/** Register: the server's words (e.g. 'Email already exists'), else the fallback. */
export function registerErrorMessage(error: unknown): string {
  const e = asApiError(error);
  if (!e) return ERROR_MESSAGES.registerFailed;
  switch (e.kind) {
    case 'http':
      return e.serverMessage ?? ERROR_MESSAGES.registerFailed;
    case 'timeout':
    case 'network':
      return e.message;
    default:
      return ERROR_MESSAGES.registerFailed;
  }
}
