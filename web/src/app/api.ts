/**
 * The RTK Query API slice. Every call goes to the same origin under /api with JSON, the bearer
 * token from 'authToken', and the 300000 ms timeout; every failure leaves here as an
 * ApiError carrying the product's message. Features add their endpoints with injectEndpoints.
 * The slice is not in the landing page's bundle: importing this module (through a feature's endpoints)
 * adds its reducer and middleware to the store.
 */
import type { Middleware } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { endsSession, toApiError, type ApiError } from './apiErrors';
import { redirectToLogin } from './navigation';
import { joinStore } from './store';
import { sessionEnded, signedOut } from '../features/auth/authSlice';
import { readToken } from '../features/auth/session';

export const REQUEST_TIMEOUT_MS = 300_000;

/** Endpoints whose 401 only ends the session quietly (the route guard decides about /login). */
const QUIET_401_ENDPOINTS = new Set(['getCurrentUser']);

function tokenFromStorage(): string | null {
  // Read from storage, not the store, so a token written by another tab is used too.
  return typeof window === 'undefined' ? null : readToken(window.localStorage);
}

export interface BaseQueryOptions {
  baseUrl?: string;
  fetchFn?: typeof fetch;
  getToken?: () => string | null;
}

/** fetchBaseQuery plus the app's rules: bearer token, timeout, the generic error messages, 401 handling. */
export function createBaseQuery({
  baseUrl = '/api',
  fetchFn,
  getToken = tokenFromStorage,
}: BaseQueryOptions = {}): BaseQueryFn<string | FetchArgs, unknown, ApiError> {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    fetchFn,
    timeout: REQUEST_TIMEOUT_MS,
    prepareHeaders(headers) {
      headers.set('Accept', 'application/json');
      const token = getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });

  return async (args, api, extraOptions) => {
    const result = await rawBaseQuery(args, api, extraOptions);
    if (!result.error) return { data: result.data, meta: result.meta };

    const url = typeof args === 'string' ? args : args.url;
    const error = toApiError(result.error, url);
    if (endsSession(error, url)) {
      api.dispatch(sessionEnded());
      if (!QUIET_401_ENDPOINTS.has(api.endpoint)) redirectToLogin();
    }
    return { error, meta: result.meta };
  };
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: ['User'],
  endpoints: () => ({}),
});

/** Cached answers belong to the user who asked: signing out, or a session the server ended, drops them. */
const resetOnSignOut: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (signedOut.match(action) || sessionEnded.match(action)) store.dispatch(api.util.resetApiState());
  return result;
};

declare module './store' {
  interface LazySlices {
    api: ReturnType<typeof api.reducer>;
  }
}

joinStore(api, api.middleware as Middleware, resetOnSignOut);
