import { afterEach, describe, expect, it } from '@jest/globals';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { createBaseQuery, REQUEST_TIMEOUT_MS } from './api';
import { registerNavigator, type Navigator } from './navigation';
import { sessionEnded } from '../features/auth/authSlice';

type Call = { request: Request };

function fakeFetch(status: number, body: unknown, calls: Call[]): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    calls.push({ request: input as Request });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}

function fakeApi(endpoint: string) {
  const dispatched: unknown[] = [];
  const api = {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: (action: unknown) => {
      dispatched.push(action);
      return action;
    },
    getState: () => ({}),
    extra: undefined,
    endpoint,
    type: 'query',
  } as unknown as BaseQueryApi;
  return { api, dispatched };
}

function fakeNavigator(pathname: string) {
  const navigations: Array<{ to: string; options?: unknown }> = [];
  const navigator: Navigator = {
    state: { location: { pathname, search: '?tab=1', hash: '' } },
    navigate: (to, options) => navigations.push({ to, options }),
  };
  registerNavigator(navigator);
  return navigations;
}

afterEach(() => registerNavigator(null));

describe('the API base query', () => {
  it('sends JSON with the bearer token under /api', async () => {
    const calls: Call[] = [];
    const query = createBaseQuery({
      baseUrl: 'http://app.test/api',
      fetchFn: fakeFetch(200, { ok: true }, calls),
      getToken: () => 'tok',
    });
    const { api } = fakeApi('login');
    const result = await query(
      { url: '/auth/login', method: 'POST', body: { email: 'a@b.c', password: 'x' } },
      api,
      {},
    );
    expect(result).toMatchObject({ data: { ok: true } });
    const request = calls[0].request;
    expect(request.url).toBe('http://app.test/api/auth/login');
    expect(request.headers.get('authorization')).toBe('Bearer tok');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('accept')).toBe('application/json');
    expect(await request.json()).toEqual({ email: 'a@b.c', password: 'x' });
  });

  it('sends no Authorization header without a token', async () => {
    const calls: Call[] = [];
    const query = createBaseQuery({
      baseUrl: 'http://app.test/api',
      fetchFn: fakeFetch(200, {}, calls),
      getToken: () => null,
    });
    await query('/user', fakeApi('getCurrentUser').api, {});
    expect(calls[0].request.headers.has('authorization')).toBe(false);
  });

  it('uses the 300000 ms timeout', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300000);
  });

  it('maps failures to ApiError with the server message', async () => {
    const query = createBaseQuery({
      baseUrl: 'http://app.test/api',
      fetchFn: fakeFetch(
        409,
        { status: 409, code: 'EMAIL_EXISTS', message: 'Email already exists', error: 'Email already exists' },
        [],
      ),
    });
    const { api, dispatched } = fakeApi('register');
    const result = await query({ url: '/auth/register', method: 'POST', body: {} }, api, {});
    expect(result.error).toEqual({
      kind: 'http',
      status: 409,
      code: 'EMAIL_EXISTS',
      serverMessage: 'Email already exists',
      message: 'Email already exists',
    });
    expect(dispatched).toEqual([]);
  });

  it('ends the session and redirects to /login on a 401 outside /api/auth/', async () => {
    const navigations = fakeNavigator('/heroes');
    const query = createBaseQuery({
      baseUrl: 'http://app.test/api',
      fetchFn: fakeFetch(401, { error: 'Expired' }, []),
    });
    const { api, dispatched } = fakeApi('getHeroes');
    await query('/user/heroes', api, {});
    expect(dispatched).toEqual([sessionEnded()]);
    expect(navigations).toEqual([
      { to: '/login', options: { replace: true, state: { from: '/heroes?tab=1' } } },
    ]);
  });

  it('ends the session quietly when the start-up token check gets a 401', async () => {
    const navigations = fakeNavigator('/');
    const query = createBaseQuery({ baseUrl: 'http://app.test/api', fetchFn: fakeFetch(401, {}, []) });
    const { api, dispatched } = fakeApi('getCurrentUser');
    await query('/user', api, {});
    expect(dispatched).toEqual([sessionEnded()]);
    expect(navigations).toEqual([]);
  });

  it('keeps the session on a 401 from /api/auth/ (wrong password)', async () => {
    const navigations = fakeNavigator('/login');
    const query = createBaseQuery({ baseUrl: 'http://app.test/api', fetchFn: fakeFetch(401, {}, []) });
    const { api, dispatched } = fakeApi('login');
    const result = await query({ url: '/auth/login', method: 'POST', body: {} }, api, {});
    expect(result.error?.message).toBe('Authentication failed. Please check your credentials and try again.');
    expect(dispatched).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('reports a network failure', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const query = createBaseQuery({ baseUrl: 'http://app.test/api', fetchFn: failing });
    const result = await query('/user', fakeApi('getCurrentUser').api, {});
    expect(result.error).toEqual({
      kind: 'network',
      message: 'Network error. Please check your connection and try again.',
    });
  });
});
