/**
 * Books leave the gateway: the book worker (generation service, started in this process by the stack)
 * renders each version of a storybook's book once and stores it; the gateway only streams what is
 * stored, answers 202 while a book is being rendered, and limits exports per user.
 */
import { bookStorageKey, booksRendered, bookVersion, type BookFormat } from '@starborn/book';
import { JobQueues } from '@starborn/contracts';
import { StorybookModule } from '@starborn/storybook';
import { eventually } from '@starborn/testing';
import { Queue } from 'bullmq';
import { startStack, type TestStack } from '../__tests__/stack.js';

const EXPORT_LIMIT = 30;
const WAIT_MS = 1_000;
const RETRY_AFTER_MS = 3_000;

let stack: TestStack;
let bookQueue: Queue;

beforeAll(async () => {
  stack = await startStack('bookstore', {
    services: { storybook: StorybookModule },
    env: {
      BOOK_WAIT_MS: String(WAIT_MS),
      BOOK_RETRY_AFTER_MS: String(RETRY_AFTER_MS),
      RATE_LIMIT_BOOK_EXPORTS: String(EXPORT_LIMIT),
    },
  });
  bookQueue = new Queue(JobQueues.bookRender.name, {
    connection: { url: stack.env.REDIS_URL } as never,
    prefix: stack.prefix,
  });
}, 60_000);

afterAll(async () => {
  await bookQueue?.resume().catch(() => undefined);
  await bookQueue?.close();
  await stack?.close();
});

const exportUrl = (heroId: string, format: BookFormat) =>
  `/api/heroes/${heroId}/storybook/export?format=${format}`;

/** Asks as the web app does: again after retryAfterMs while the answer is 202. */
async function exportWhenReady(token: string, heroId: string, format: BookFormat) {
  for (let tries = 0; tries < 20; tries++) {
    const response = await stack.api('GET', exportUrl(heroId, format), { token });
    if (response.status !== 202) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the book was never rendered');
}

/**
 * A paid hero with a premium storybook whose chapter 1 is written and illustrated (the picture is
 * part of the book: waiting for it keeps the book's version still while a test looks at it).
 */
async function premiumBook() {
  const { token, heroId } = await stack.newHero({ paid: true });
  const view = await stack.firstChapterWritten(token, heroId);
  await stack.db.query(
    `UPDATE storybook.storybooks SET is_premium = true, premium_payment_intent_id = 'pi_book_store' WHERE id = $1`,
    [view.storyBook.id],
  );
  await eventually(async () => {
    const response = await stack.api('GET', `/api/heroes/${heroId}/storybook`, { token });
    return response.json?.chapters?.[0]?.illustration ? true : undefined;
  }, 20_000);
  return { token, heroId, storyBookId: view.storyBook.id as string };
}

/** The version of the hero's book now, worked out from its owners' answers as the gateway does. */
async function currentVersion(token: string, heroId: string): Promise<string> {
  const userId: string = (await stack.api('GET', '/api/user', { token })).json.id;
  const manifest = await stack.bus.request('heroes.download-manifest', { userId, heroId });
  // A story that is not premium has a book without chapters (storybook refuses its chapters: 403).
  const chapters = await stack.bus
    .request('storybook.book-chapters', { userId, heroId })
    .then((answer) => answer.chapters)
    .catch((error: { status?: number }) => {
      if (error.status === 403 || error.status === 404) return [];
      throw error;
    });
  return bookVersion({ hero: manifest.book, chapters });
}

async function stored(key: string): Promise<Buffer | undefined> {
  const object = await stack.storage.get(key);
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('stored books', () => {
  it('streams the stored rendering, renders an unchanged book once, and a new chapter as a new version', async () => {
    const { token, heroId, storyBookId } = await premiumBook();

    const rendersBefore = booksRendered();
    const first = await exportWhenReady(token, heroId, 'pdf');
    expect(first.status).toBe(200);
    const version = await currentVersion(token, heroId);
    const pdfKey = bookStorageKey(heroId, version, 'pdf');
    // Under the hero's media folder, so the hero's deletion removes it.
    expect(pdfKey.startsWith(`heroes/${heroId}/`)).toBe(true);
    expect(first.body.equals((await stored(pdfKey))!)).toBe(true);
    expect(first.headers.get('content-length')).toBe(String(first.body.length));
    // One job made both formats: the EPUB and the PDF of this version.
    const rendered = booksRendered() - rendersBefore;
    expect(rendered).toBe(2);

    const second = await stack.api('GET', exportUrl(heroId, 'pdf'), { token });
    const epub = await stack.api('GET', exportUrl(heroId, 'epub'), { token });
    expect([second.status, epub.status]).toEqual([200, 200]);
    expect(second.body.equals(first.body)).toBe(true);
    expect(epub.body.equals((await stored(bookStorageKey(heroId, version, 'epub')))!)).toBe(true);
    expect(booksRendered() - rendersBefore).toBe(rendered);

    // The assets bundle of this version was zipped by the worker too: streamed as stored, twice the same.
    const bundle = await stack.api('GET', `/api/heroes/${heroId}/download`, { token });
    const bundleAgain = await stack.api('GET', `/api/heroes/${heroId}/download`, { token });
    expect([bundle.status, bundleAgain.status]).toEqual([200, 200]);
    expect(bundle.headers.get('content-length')).toBe(String(bundle.body.length));
    expect(bundleAgain.body.equals(bundle.body)).toBe(true);
    expect(bundle.body.includes(first.body)).toBe(true);
    expect(booksRendered() - rendersBefore).toBe(rendered);

    // Chapter 2 is released: the book's content changed, so it is a new version, rendered anew.
    await stack.db.query(
      `UPDATE storybook.storybooks SET chapters_total_count = GREATEST(chapters_total_count, 2),
         chapters_unlocked_count = GREATEST(chapters_unlocked_count, 2) WHERE id = $1`,
      [storyBookId],
    );
    await stack.db.query(
      `INSERT INTO storybook.chapters (storybook_id, chapter_number, status, attempt, title, content, requested_at, generated_at)
       VALUES ($1, 2, 'ready', 1, 'The Second Dawn', 'The hero crossed the river of light.', now(), now())
       ON CONFLICT (storybook_id, chapter_number) DO UPDATE SET status = 'ready', title = EXCLUDED.title,
         content = EXCLUDED.content`,
      [storyBookId],
    );
    const changed = await exportWhenReady(token, heroId, 'pdf');
    expect(changed.status).toBe(200);
    const newVersion = await currentVersion(token, heroId);
    expect(newVersion).not.toBe(version);
    expect(changed.body.equals((await stored(bookStorageKey(heroId, newVersion, 'pdf')))!)).toBe(true);
    expect(changed.body.equals(first.body)).toBe(false);
    expect(booksRendered() - rendersBefore).toBe(rendered + 2);
  }, 60_000);

  it('answers 202 with retryAfterMs and Retry-After while the worker is down, and the book once it is back', async () => {
    // A paid hero whose storybook is not premium: a book without chapters, whose version stays put.
    const { token, heroId } = await stack.newHero({ paid: true });
    await bookQueue.pause();
    try {
      const started = Date.now();
      const waiting = await stack.api('GET', exportUrl(heroId, 'epub'), { token });
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);
      expect(waiting.status).toBe(202);
      expect(waiting.json).toEqual({ status: 'preparing', retryAfterMs: RETRY_AFTER_MS });
      expect(waiting.headers.get('retry-after')).toBe(String(RETRY_AFTER_MS / 1000));
      const bundle = await stack.api('GET', `/api/heroes/${heroId}/download`, { token });
      expect(bundle.status).toBe(202);
      expect(bundle.json).toEqual({ status: 'preparing', retryAfterMs: RETRY_AFTER_MS });
    } finally {
      await bookQueue.resume();
    }
    const ready = await exportWhenReady(token, heroId, 'epub');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('content-type')).toBe('application/epub+zip');
  }, 60_000);

  it('keeps the gateway answering while exports wait, and renders nothing in the gateway', async () => {
    const { token, heroId } = await stack.newHero({ paid: true });
    await bookQueue.pause();
    try {
      const rendersBefore = booksRendered();
      let exportsDone = 0;
      const exports = Array.from({ length: 5 }, () => {
        return stack.api('GET', exportUrl(heroId, 'pdf'), { token }).finally(() => (exportsDone += 1));
      });
      // Health answers while all five exports are still in flight.
      const health = [];
      for (let i = 0; i < 5; i++) {
        const live = await stack.api('GET', '/api/health/live');
        health.push({ status: live.status, exportsDone });
      }
      expect(health).toEqual(Array.from({ length: 5 }, () => ({ status: 200, exportsDone: 0 })));
      const answers = await Promise.all(exports);
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202]);
      // The worker is paused, so any rendering here would have been the gateway's own.
      expect(booksRendered() - rendersBefore).toBe(0);
    } finally {
      await bookQueue.resume();
    }
  }, 60_000);

  it('keeps the books under the hero’s media folder, which goes with the account', async () => {
    const { token, heroId } = await stack.newHero({ paid: true });
    expect((await exportWhenReady(token, heroId, 'pdf')).status).toBe(200);
    const version = await currentVersion(token, heroId);
    const keys = (['epub', 'pdf'] as const).map((format) => bookStorageKey(heroId, version, format));
    for (const key of keys) expect(await stack.storage.exists(key)).toBe(true);

    const deleted = await stack.api('DELETE', '/api/user', { token, body: { password: 'password-123' } });
    expect(deleted.status).toBeLessThan(300);
    await eventually(async () => {
      const left = await Promise.all(keys.map((key) => stack.storage.exists(key)));
      return left.some(Boolean) ? undefined : true;
    }, 15_000);
  }, 60_000);

  it('renders nothing for an account deleted while its book was waiting for the worker', async () => {
    const { token, heroId } = await stack.newHero({ paid: true });
    const version = await currentVersion(token, heroId);
    await bookQueue.pause();
    try {
      expect((await stack.api('GET', exportUrl(heroId, 'pdf'), { token })).status).toBe(202);
      const deleted = await stack.api('DELETE', '/api/user', { token, body: { password: 'password-123' } });
      expect(deleted.status).toBeLessThan(300);
    } finally {
      await bookQueue.resume();
    }
    // The worker finds the hero gone (at once, or on its retry once the deletion is over) and ends the
    // job; whatever it may have stored in between is removed. (Its record may be gone too.)
    await eventually(async () => {
      // A paused queue keeps its jobs in 'wait' (BullMQ has no 'paused' list since version 5).
      const pending = await bookQueue.getJobs(['active', 'delayed', 'wait', 'prioritized']);
      return pending.some((job) => job.data.heroId === heroId) ? undefined : true;
    }, 30_000);
    for (const format of ['epub', 'pdf'] as const) {
      expect(await stack.storage.exists(bookStorageKey(heroId, version, format))).toBe(false);
    }
  }, 60_000);

  it('limits exports per user, counted atomically, with the usual 429', async () => {
    // Each export is counted before anything is asked of heroes, which then refuses it (404: no such hero).
    const { token } = await stack.newUser();
    const answers = await Promise.all(
      Array.from({ length: EXPORT_LIMIT + 20 }, (_, index) =>
        stack.api('GET', index % 2 ? exportUrl('nonsense', 'pdf') : '/api/heroes/nonsense/download', {
          token,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(EXPORT_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.json).toMatchObject({
      error: expect.any(String),
      message: expect.stringMatching(/^Too many book downloads/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another user keeps their own allowance.
    const other = await stack.newUser();
    expect((await stack.api('GET', exportUrl('nonsense', 'pdf'), { token: other.token })).status).toBe(404);
  }, 60_000);
});
