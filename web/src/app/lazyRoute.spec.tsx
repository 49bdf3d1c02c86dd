import { describe, expect, it, jest } from '@jest/globals';
import type { ComponentType, ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { lazyRoute, loadOrReload, pendingFallback, type ReloadEnvironment } from './lazyRoute';

function environment(pathname = '/faqs') {
  const stored = new Map<string, string>();
  const reload = jest.fn();
  const env: ReloadEnvironment = {
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
    pathname: () => pathname,
    reload,
  };
  return { env, stored, reload };
}

const chunkError = new Error('Failed to fetch dynamically imported module');

describe('loadOrReload (a page chunk missing after a deploy)', () => {
  it('reloads the page once, and does not settle meanwhile', async () => {
    const { env, reload } = environment();
    const settled = jest.fn();
    void loadOrReload(() => Promise.reject(chunkError), env)().then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();
  });

  it('lets the error through when the chunk fails again after that reload', async () => {
    const { env, reload } = environment();
    void loadOrReload(() => Promise.reject(chunkError), env)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(loadOrReload(() => Promise.reject(chunkError), env)()).rejects.toBe(chunkError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('forgets the reload once a chunk loads, so a later deploy may reload again', async () => {
    const { env, stored, reload } = environment();
    void loadOrReload(() => Promise.reject(chunkError), env)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(loadOrReload(() => Promise.resolve('page'), env)()).resolves.toBe('page');
    expect(stored.size).toBe(0);
    void loadOrReload(() => Promise.reject(chunkError), env)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when storage is blocked (no way to stop a loop)', async () => {
    const { env, reload } = environment();
    const blocked: ReloadEnvironment = {
      ...env,
      storage: {
        getItem: () => {
          throw new Error('blocked');
        },
        setItem: () => undefined,
        removeItem: () => undefined,
      },
    };
    await expect(loadOrReload(() => Promise.reject(chunkError), blocked)()).rejects.toBe(chunkError);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('lazyRoute', () => {
  const Page: ComponentType = () => null;
  const Article: ComponentType<{ slug: string }> = () => null;
  const fallback = <p>Loading…</p>;

  it('loads the page as the route’s Component, with its loading screen for the first load', async () => {
    const route = lazyRoute(() => Promise.resolve({ default: Page }), fallback);
    expect(route.hydrateFallbackElement).toBe(fallback);
    expect(typeof route.lazy).toBe('function');
    const loaded = await (route.lazy as () => Promise<RouteObject>)();
    expect(loaded).toEqual({ Component: Page });
  });

  it('places a page that needs props through render', async () => {
    const route = lazyRoute(
      () => Promise.resolve({ default: Article }),
      fallback,
      (Loaded) => <Loaded slug="ai-mythical-journeys" />,
    );
    const loaded = await (route.lazy as () => Promise<RouteObject>)();
    const element = loaded.element as ReactElement<{ slug: string }>;
    expect(element.type).toBe(Article);
    expect(element.props.slug).toBe('ai-mythical-journeys');
  });
});

describe('pendingFallback', () => {
  const screen = <p>screen</p>;
  const content = <p>content</p>;
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true, element: <p>home</p> },
        { path: 'faqs', hydrateFallbackElement: content, lazy: async () => ({}) },
        { children: [{ path: 'heroes', hydrateFallbackElement: screen, lazy: async () => ({}) }] },
      ],
    },
  ];

  it('is the loading screen of the route being opened, or null for a page without one', () => {
    expect(pendingFallback(routes, '/faqs')).toBe(content);
    expect(pendingFallback(routes, '/heroes')).toBe(screen);
    expect(pendingFallback(routes, '/')).toBeNull();
    expect(pendingFallback(routes, '/nowhere')).toBeNull();
  });
});
