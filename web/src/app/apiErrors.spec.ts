import { describe, expect, it } from '@jest/globals';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  ERROR_MESSAGES,
  endsSession,
  isAuthUrl,
  loginErrorMessage,
  registerErrorMessage,
  toApiError,
} from './apiErrors';

const http = (status: number, data?: unknown): FetchBaseQueryError => ({ status, data });
const serverError = (status: number, message: string) =>
  http(status, { status, code: 'X', message, error: message });
const timeout: FetchBaseQueryError = { status: 'TIMEOUT_ERROR', error: 'AbortError' };
const network: FetchBaseQueryError = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

describe('toApiError (generic messages)', () => {
  it('maps a timeout and a network failure to their sentences', () => {
    expect(toApiError(timeout, '/user')).toEqual({
      kind: 'timeout',
      message: 'Request timed out. Please try again.',
    });
    expect(toApiError(network, '/user')).toEqual({
      kind: 'network',
      message: 'Network error. Please check your connection and try again.',
    });
  });

  it('prefers the server error field, then its message field', () => {
    expect(toApiError(serverError(503, 'The hero service is unavailable.'), '/user/heroes')).toMatchObject({
      kind: 'http',
      status: 503,
      code: 'X',
      serverMessage: 'The hero service is unavailable.',
      message: 'The hero service is unavailable.',
    });
    expect(toApiError(http(400, { message: 'Only message' }), '/x').message).toBe('Only message');
    expect(toApiError(http(400, { error: '', message: 'Fallback to message' }), '/x').message).toBe(
      'Fallback to message',
    );
  });

  it('says "Authentication failed" for a 401 under /api/auth/ without a server message', () => {
    expect(toApiError(http(401), '/auth/login').message).toBe(
      'Authentication failed. Please check your credentials and try again.',
    );
    expect(toApiError(http(401, { error: 'Nope' }), '/auth/login').message).toBe('Nope');
    expect(toApiError(http(401), '/user').message).toBe(ERROR_MESSAGES.generic);
  });

  it('keeps the status of a non-JSON answer', () => {
    const raw: FetchBaseQueryError = {
      status: 'PARSING_ERROR',
      originalStatus: 502,
      data: '<html>',
      error: 'SyntaxError',
    };
    expect(toApiError(raw, '/auth/login')).toEqual({
      kind: 'http',
      status: 502,
      code: undefined,
      serverMessage: undefined,
      message: ERROR_MESSAGES.generic,
    });
  });

  it('treats a custom error as unknown', () => {
    expect(toApiError({ status: 'CUSTOM_ERROR', error: 'bad' }, '/x').kind).toBe('unknown');
  });
});

describe('isAuthUrl and endsSession', () => {
  it('recognises auth calls whatever the prefix', () => {
    expect(isAuthUrl('/auth/login')).toBe(true);
    expect(isAuthUrl('auth/register')).toBe(true);
    expect(isAuthUrl('/api/auth/login')).toBe(true);
    expect(isAuthUrl('/user')).toBe(false);
    expect(isAuthUrl('/authors')).toBe(false);
  });

  it('ends the session on a 401 outside /api/auth/ only', () => {
    expect(endsSession(toApiError(http(401), '/user'), '/user')).toBe(true);
    expect(endsSession(toApiError(http(401), '/auth/login'), '/auth/login')).toBe(false);
    expect(endsSession(toApiError(http(403), '/user'), '/user')).toBe(false);
    expect(endsSession(toApiError(network, '/user'), '/user')).toBe(false);
  });
});

describe('loginErrorMessage (Login)', () => {
  const login = (raw: FetchBaseQueryError) => loginErrorMessage(toApiError(raw, '/auth/login'));

  it('says "Invalid email or password" for any 401, whatever the server said', () => {
    expect(login(http(401))).toBe('Invalid email or password. Please try again.');
    expect(login(serverError(401, 'Invalid email or password.'))).toBe(
      'Invalid email or password. Please try again.',
    );
  });

  it('shows the server error field for other answers, else the fallback', () => {
    expect(login(serverError(429, 'Too many attempts. Please wait a minute.'))).toBe(
      'Too many attempts. Please wait a minute.',
    );
    expect(login(http(500))).toBe('Login failed. Please try again.');
  });

  it('says "No response from server" when the request got no answer', () => {
    expect(login(network)).toBe('No response from server. Please check your connection and try again.');
    expect(login(timeout)).toBe('Request timed out. Please try again.');
  });

  it('says "Login request failed" for anything else', () => {
    expect(loginErrorMessage({ name: 'Error', message: 'transform failed' })).toBe(
      'Login request failed. Please try again.',
    );
    expect(loginErrorMessage(undefined)).toBe('Login request failed. Please try again.');
    expect(login({ status: 'CUSTOM_ERROR', error: 'x' })).toBe('Login request failed. Please try again.');
  });
});

describe('registerErrorMessage (Register)', () => {
  const register = (raw: FetchBaseQueryError) => registerErrorMessage(toApiError(raw, '/auth/register'));

  it('shows the server words, e.g. "Email already exists"', () => {
    expect(register(serverError(409, 'Email already exists'))).toBe('Email already exists');
    expect(register(serverError(400, 'Password must be at least 8 characters long.'))).toBe(
      'Password must be at least 8 characters long.',
    );
  });

  it('falls back to "Registration failed"', () => {
    expect(register(http(500))).toBe('Registration failed. Please try again.');
    expect(registerErrorMessage(new Error('boom'))).toBe('Registration failed. Please try again.');
  });

  it('keeps the transport sentences for timeouts and network failures', () => {
    expect(register(timeout)).toBe('Request timed out. Please try again.');
    expect(register(network)).toBe('Network error. Please check your connection and try again.');
  });
});
