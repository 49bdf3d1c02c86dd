import { describe, expect, it, jest } from '@jest/globals';
import type { ComponentType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { lazyPage, loadOrReload, type ReloadEnvironment } from './lazyRoute';

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

describe('lazyPage', () => {
  const Page: ComponentType = () => <p>The page</p>;
  const Article: ComponentType<{ slug: string }> = ({ slug }) => <p>Article {slug}</p>;
  const fallback = <p>Loading…</p>;

  async function html(element: ReactElement): Promise<string> {
    const { prelude } = await prerender(element);
    return new Response(prelude).text();
  }

  it('renders the page once its chunk has loaded, in a boundary keyed by the route', async () => {
    const element = lazyPage('faqs', () => Promise.resolve({ default: Page }), fallback);
    expect(element.key).toBe('faqs');
    expect(await html(element)).toContain('The page');
  });

  it('places a page that needs props through render', async () => {
    const element = lazyPage(
      'blog/ai-mythical-journeys',
      () => Promise.resolve({ default: Article }),
      fallback,
      (Loaded) => <Loaded slug="ai-mythical-journeys" />,
    );
    expect(await html(element)).toContain('Article <!-- -->ai-mythical-journeys');
  });

  it('shows the loading screen while the chunk loads', () => {
    const element = lazyPage('faqs', () => new Promise<{ default: ComponentType }>(() => {}), fallback);
    expect(renderToString(element)).toContain('Loading…');
  });
});
