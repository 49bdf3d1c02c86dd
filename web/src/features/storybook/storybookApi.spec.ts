import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { api } from '../../app/api';
import { createAppStore } from '../../app/store';
import { signedOut } from '../auth/authSlice';
import { memoryStorage } from '../auth/memoryStorage';
import { selectStoryBook, storybookApi, unlockAfterChaptersPayment } from './storybookApi';

const HERO_A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const HERO_B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

type Reply = { status: number; body: unknown };
type Route = (request: Request) => Reply | Promise<Reply>;

/** The API slice calls relative /api URLs: resolve them on a test origin and answer from `route`. */
function serve(route: Route) {
  const calls: Request[] = [];
  const NativeRequest = globalThis.Request;
  globalThis.Request = class extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? `http://app.test${input}` : input, init);
    }
  } as typeof Request;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const request = input as Request;
    calls.push(request);
    const { status, body } = await route(request);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  restore = () => {
    globalThis.Request = NativeRequest;
  };
  return calls;
}

let restore = () => undefined as void;
const nativeFetch = globalThis.fetch;
afterEach(() => {
  restore();
  globalThis.fetch = nativeFetch;
});

function view(heroId: string, unlocked: number, total = 10) {
  return {
    storyBook: {
      id: `sb-${heroId.slice(0, 4)}`,
      heroId,
      hero_id: heroId,
      isPremium: total > 1,
      is_premium: total > 1,
      chaptersTotalCount: total,
      chapters_total_count: total,
      chaptersUnlockedCount: unlocked,
      chapters_unlocked_count: unlocked,
      initialChapterGeneratedAt: '2026-02-26T12:00:00.000Z',
      nextUnlockAt: null,
      createdAt: '2026-02-26T12:00:00.000Z',
      updatedAt: '2026-02-26T12:00:00.000Z',
    },
    chapters: Array.from({ length: total }, (_, i) => ({
      chapterNumber: i + 1,
      chapter_number: i + 1,
      unlocked: i < unlocked,
      status: i < unlocked ? 'ready' : 'pending',
      title: i < unlocked ? `Chapter ${i + 1}` : null,
      content: i < unlocked ? `# Chapter ${i + 1}\n\nOnce upon a star.` : null,
    })),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A few turns of the event loop: enough for a refetch that was started to settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the storybook in the query cache (read by the chapters panel, copied nowhere)', () => {
  let store: ReturnType<typeof createAppStore>;
  beforeEach(() => {
    store = createAppStore(memoryStorage());
  });
  afterEach(() => {
    // Drops the cache and its clean-up timers.
    store.dispatch(api.util.resetApiState());
  });

  const storyOf = (heroId: string) => selectStoryBook(heroId)(store.getState());

  it('starts empty', () => {
    expect(storyOf(HERO_A).isUninitialized).toBe(true);
    expect(storyOf(HERO_A).data).toBeUndefined();
  });

  it('is loading while the storybook is fetched, then holds it', async () => {
    const gate = deferred<Reply>();
    const calls = serve(() => gate.promise);
    const request = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A));
    expect(storyOf(HERO_A).isLoading).toBe(true);
    expect(storyOf(HERO_A).data).toBeUndefined();

    gate.resolve({ status: 200, body: view(HERO_A, 4) });
    await request;
    const story = storyOf(HERO_A);
    expect(story.isLoading).toBe(false);
    expect(story.isSuccess).toBe(true);
    expect(story.data?.storyBook).toMatchObject({
      heroId: HERO_A,
      chaptersUnlockedCount: 4,
      isPremium: true,
    });
    expect(story.data?.chapters).toHaveLength(10);
    expect(story.data?.chapters.filter((chapter) => chapter.unlocked)).toHaveLength(4);
    expect(new URL(calls[0]!.url).pathname).toBe(`/api/heroes/${HERO_A}/storybook`);
    request.unsubscribe();
  });

  it('stays loading when a second request is dropped for the one already running', async () => {
    const gate = deferred<Reply>();
    const calls = serve(() => gate.promise);
    const first = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A));
    const second = store.dispatch(
      storybookApi.endpoints.getStoryBook.initiate(HERO_A, { forceRefetch: true }),
    );
    await Promise.resolve();
    expect(storyOf(HERO_A).isLoading).toBe(true);
    gate.resolve({ status: 200, body: view(HERO_A, 4) });
    await Promise.all([first, second]);
    expect(calls).toHaveLength(1);
    expect(storyOf(HERO_A)).toMatchObject({ isLoading: false, isSuccess: true, isError: false });
    expect(storyOf(HERO_A).error).toBeUndefined();
    first.unsubscribe();
    second.unsubscribe();
  });

  it('holds "being set up" (202) as loaded without a storybook', async () => {
    serve(() => ({ status: 202, body: { storyBook: null, chapters: [], message: 'soon' } }));
    const request = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A));
    await request;
    expect(storyOf(HERO_A)).toMatchObject({
      isSuccess: true,
      data: { storyBook: null, chapters: [] },
    });
    request.unsubscribe();
  });

  it('keeps each hero’s story apart: a late answer for the previous hero does not replace the next', async () => {
    const slowA = deferred<Reply>();
    serve((request) =>
      request.url.includes(HERO_A) ? slowA.promise : { status: 200, body: view(HERO_B, 1, 1) },
    );
    const a = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A));
    const b = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_B));
    await b;
    expect(storyOf(HERO_B).data?.storyBook?.heroId).toBe(HERO_B);
    expect(storyOf(HERO_A).data).toBeUndefined();
    slowA.resolve({ status: 200, body: view(HERO_A, 4) });
    await a;
    expect(storyOf(HERO_B).data?.storyBook?.heroId).toBe(HERO_B);
    expect(storyOf(HERO_A).data?.storyBook?.heroId).toBe(HERO_A);
    a.unsubscribe();
    b.unsubscribe();
  });

  it('keeps what it had when a refetch fails, and notes the failure', async () => {
    let fail = false;
    serve(() =>
      fail
        ? { status: 503, body: { message: 'The storybook service is not responding.' } }
        : { status: 200, body: view(HERO_A, 4) },
    );
    const first = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A));
    await first;
    fail = true;
    await store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A, { forceRefetch: true }));
    const story = storyOf(HERO_A);
    expect(story.isLoading).toBe(false);
    expect(story.isError).toBe(true);
    expect(story.error).toMatchObject({ message: 'The storybook service is not responding.' });
    expect(story.data?.storyBook?.chaptersUnlockedCount).toBe(4);
    first.unsubscribe();
  });

  it('after a chapters payment: unlock-after-payment (3 s time-out), then the storybook again', async () => {
    let unlocked = 4;
    const calls = serve((request) => {
      if (request.method === 'POST') unlocked = 7;
      return { status: 200, body: view(HERO_A, unlocked) };
    });
    const subscription = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A));
    await subscription;
    await unlockAfterChaptersPayment(store.dispatch, HERO_A);
    await settle();
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      `GET /api/heroes/${HERO_A}/storybook`,
      `POST /api/storybook/${HERO_A}/unlock-after-payment`,
      `GET /api/heroes/${HERO_A}/storybook`,
    ]);
    expect(storyOf(HERO_A).data?.storyBook?.chaptersUnlockedCount).toBe(7);
    subscription.unsubscribe();
  });

  it('after a chapters payment: a failed unlock is only logged, and the storybook is fetched again', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = serve((request) =>
      request.method === 'POST'
        ? { status: 402, body: { message: 'No unused chapter purchase was found for this story.' } }
        : { status: 200, body: view(HERO_A, 4) },
    );
    const subscription = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A));
    await subscription;
    await expect(unlockAfterChaptersPayment(store.dispatch, HERO_A)).resolves.toBeUndefined();
    await settle();
    expect(warn).toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    expect(storyOf(HERO_A).isError).toBe(false);
    warn.mockRestore();
    subscription.unsubscribe();
  });

  it('after a chapters payment: gives up on the unlock after 3 s, then fetches the storybook', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = serve((request) =>
      request.method === 'POST'
        ? new Promise<Reply>((_resolve, reject) =>
            request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          )
        : { status: 200, body: view(HERO_A, 4) },
    );
    const subscription = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A));
    await subscription;
    const started = Date.now();
    await unlockAfterChaptersPayment(store.dispatch, HERO_A);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(2900);
    expect(waited).toBeLessThan(4500);
    expect(warn).toHaveBeenCalled();
    await settle();
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    warn.mockRestore();
    subscription.unsubscribe();
  });

  it('is cleared on sign-out', async () => {
    serve(() => ({ status: 200, body: view(HERO_A, 4) }));
    const subscription = store.dispatch(storybookApi.endpoints.getStoryBook.initiate(HERO_A));
    await subscription;
    expect(storyOf(HERO_A).data?.storyBook).not.toBeNull();
    store.dispatch(signedOut());
    expect(storyOf(HERO_A).isUninitialized).toBe(true);
    expect(storyOf(HERO_A).data).toBeUndefined();
    subscription.unsubscribe();
  });
});
