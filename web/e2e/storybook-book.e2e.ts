import { readFileSync } from 'node:fs';
import type { Locator, Page, Request } from '@playwright/test';
import {
  expect,
  generatedHero,
  madeOncePerWorker,
  premiumHero,
  signInWith,
  signUpViaApi,
  storyBookReady,
  test as guarded,
  type Account,
  type ApiClient,
  type StoredSession,
} from './fixtures';
import { seriousAxeViolations } from './support/screen-checks';

/**
 * The storybook as an illustrated book: each chapter's illustration above its text, Download Book
 * (EPUB, PDF) beside Download Assets, and the read-aloud of the chapter on screen.
 */

type SignedIn = Account & { session: StoredSession };

/** An owner with a premium hero (4 chapters unlocked) and an unpaid one (1 chapter), made once per worker. */
interface Library {
  owner: SignedIn;
  premiumHeroId: string;
  unpaidHeroId: string;
}

async function buildLibrary(api: ApiClient): Promise<Library> {
  const owner = await signUpViaApi(api, 'book-owner', 'Ada Inkwell');
  const premiumHeroId = await premiumHero(api, owner, 'Orion Vale', '1988-10-30');
  const unpaidHeroId = await generatedHero(api, owner, 'Selene Quillfire', '1994-02-14');
  await storyBookReady(api, owner, premiumHeroId);
  await storyBookReady(api, owner, unpaidHeroId);
  return { owner, premiumHeroId, unpaidHeroId };
}

const test = guarded.extend<object, { library: () => Promise<Library> }>({
  library: madeOncePerWorker(buildLibrary),
});

const chaptersPanel = (page: Page) => page.getByRole('region', { name: 'Storybook' });
const chapterTab = (panel: Locator, n: number) =>
  panel.getByRole('tab', { name: new RegExp(`^Chapter ${n}( \\(locked\\))?$`) });
const chapterText = (panel: Locator) => panel.getByRole('tabpanel').getByTestId('chapter-text');

async function openHero(page: Page, library: Library, heroId: string): Promise<Locator> {
  await signInWith(page, library.owner.session);
  await page.goto(`/hero/${heroId}`);
  const panel = chaptersPanel(page);
  await expect(chapterText(panel)).toBeVisible({ timeout: 30_000 });
  return panel;
}

interface ApiChapter {
  chapterNumber: number;
  unlocked: boolean;
  illustration?: { url: string; alt: string; width: number; height: number } | null;
}

async function apiChapters(page: Page, library: Library, heroId: string): Promise<ApiChapter[]> {
  const response = await page.request.get(`/api/heroes/${heroId}/storybook`, {
    headers: library.owner.headers,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { chapters: ApiChapter[] }).chapters;
}

test.describe('chapter illustrations', () => {
  test.setTimeout(240_000);

  test('an unlocked chapter shows its illustration above its text, AVIF first, sized and lazy; locked ones have none', async ({
    page,
    library,
  }) => {
    const made = await library();
    const panel = await openHero(page, made, made.premiumHeroId);

    // The local provider draws it within seconds of the chapter; the panel asks until it is there.
    const figure = panel.getByRole('tabpanel').getByTestId('chapter-illustration');
    await expect(figure).toBeVisible({ timeout: 90_000 });
    const image = figure.locator('picture > img');
    const [chapter1] = (await apiChapters(page, made, made.premiumHeroId)).filter(
      (c) => c.chapterNumber === 1,
    );
    const drawn = chapter1!.illustration!;
    expect(drawn.alt).toMatch(/\S/);
    await expect(image).toHaveAttribute('alt', drawn.alt);
    await expect(image).toHaveAttribute('width', String(drawn.width));
    await expect(image).toHaveAttribute('height', String(drawn.height));
    await expect(image).toHaveAttribute('loading', 'lazy');
    // AVIF, then WebP, at the illustration's widths: the same signed link with .w<width>.<format> for .png.
    const sources = figure.locator('picture > source');
    await expect(sources).toHaveCount(2);
    await expect(sources.nth(0)).toHaveAttribute('type', 'image/avif');
    await expect(sources.nth(1)).toHaveAttribute('type', 'image/webp');
    const png = (await image.getAttribute('src'))!;
    expect(await sources.nth(0).getAttribute('srcset')).toBe(
      `${png.replace('.png?', '.w600.avif?')} 600w, ${png.replace('.png?', '.w1200.avif?')} 1200w`,
    );
    expect(await sources.nth(1).getAttribute('srcset')).toContain(png.replace('.png?', '.w600.webp?'));
    // Loaded once scrolled to (lazy): no broken image, and as AVIF at the width it is shown at.
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('.w600.avif');

    // Above the text, in reading order too.
    const text = chapterText(panel);
    const [figureBox, textBox] = [await figure.boundingBox(), await text.boundingBox()];
    expect(figureBox!.y + figureBox!.height).toBeLessThanOrEqual(textBox!.y);
    expect(
      await figure.evaluate(
        (el, other) => !!(el.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await text.elementHandle(),
      ),
    ).toBe(true);

    // Locked chapters: no illustration from the server, and no chapter of theirs to show.
    const chapters = await apiChapters(page, made, made.premiumHeroId);
    for (const chapter of chapters.filter((c) => !c.unlocked))
      expect(chapter.illustration ?? null).toBeNull();
    await expect(chapterTab(panel, 5)).toBeDisabled();
    await expect(panel.getByTestId('chapter-illustration')).toHaveCount(1);
    expect(await seriousAxeViolations(page, '[data-slot="chapters"]')).toEqual([]);
  });

  test.describe('without a picture', () => {
    // The broken link's 404 is what it provokes.
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test('a chapter without an illustration, or whose picture fails to load, shows no image', async ({
      page,
      library,
    }) => {
      const made = await library();
      // The storybook as the server sends it, with chapter 1 not drawn yet and chapter 2's link broken.
      await page.route(`**/api/heroes/${made.premiumHeroId}/storybook`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { chapters: ApiChapter[] };
        for (const chapter of body.chapters) {
          if (chapter.chapterNumber === 1) chapter.illustration = null;
          if (chapter.chapterNumber === 2) {
            chapter.illustration = {
              url: '/media/missing/picture.png',
              alt: 'A lost picture',
              width: 640,
              height: 480,
            };
          }
        }
        await route.fulfill({ response, json: body });
      });
      await page.route('**/media/missing/**', (route) => route.fulfill({ status: 404, body: '' }));
      const panel = await openHero(page, made, made.premiumHeroId);
      await expect(chapterTab(panel, 1)).toHaveAttribute('aria-selected', 'true');
      await expect(panel.getByTestId('chapter-illustration')).toHaveCount(0);
      await expect(panel.getByRole('img')).toHaveCount(0);

      await chapterTab(panel, 2).click();
      await expect(chapterText(panel)).toBeVisible();
      // In view, so the lazy picture is asked for, fails, and goes.
      await panel.getByRole('tabpanel').scrollIntoViewIfNeeded();
      await expect(panel.getByTestId('chapter-illustration')).toHaveCount(0);
      await expect(panel.locator('img')).toHaveCount(0);
    });
  });
});

test.describe('Download Book', () => {
  test.setTimeout(240_000);

  /** Opens Download Book's formats; answers the group of their buttons. */
  async function openBookFormats(page: Page): Promise<Locator> {
    const toggle = page.getByRole('button', { name: 'Download Book' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const formats = page.getByRole('group', { name: 'Download Book' });
    await expect(formats).toBeVisible();
    return formats;
  }

  test('EPUB and PDF are saved from the export with the token, beside Download Assets', async ({
    page,
    library,
  }) => {
    const made = await library();
    await openHero(page, made, made.premiumHeroId);
    const actions = page.locator('.hero-page__media .hero-actions').first();
    await expect(actions.getByRole('button', { name: 'Download Assets' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Download Book' })).toBeVisible();
    const formats = await openBookFormats(page);
    expect(await seriousAxeViolations(page, '.hero-page__media')).toEqual([]);

    const exports: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/storybook/export')) exports.push(request);
    });

    const epubDownload = page.waitForEvent('download');
    await formats.getByRole('button', { name: /^EPUB/ }).click();
    const epub = await epubDownload;
    // Named after the hero, as the server names it.
    expect(epub.suggestedFilename()).toBe('orion-vale-storybook.epub');
    const epubBytes = readFileSync(await epub.path());
    // An EPUB is a zip whose first entry is the uncompressed 'mimetype'.
    expect(epubBytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(epubBytes.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(epubBytes.subarray(38, 58).toString('latin1')).toBe('application/epub+zip');

    const pdfDownload = page.waitForEvent('download');
    await formats.getByRole('button', { name: /^PDF/ }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('orion-vale-storybook.pdf');
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // Once each (a book still being rendered answers 202 and is asked again: the same URL).
    const asked = exports.map((request) => new URL(request.url()).pathname + new URL(request.url()).search);
    expect([...new Set(asked)]).toEqual([
      `/api/heroes/${made.premiumHeroId}/storybook/export?format=epub`,
      `/api/heroes/${made.premiumHeroId}/storybook/export?format=pdf`,
    ]);
    for (const request of exports) {
      expect(await request.headerValue('authorization')).toBe(made.owner.headers.Authorization);
    }
  });

  test('a book still being rendered (202) is asked for again after retryAfterMs, then saved', async ({
    page,
    library,
  }) => {
    const made = await library();
    let answered = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/storybook/export?*', async (route) => {
      answered += 1;
      if (answered > 1) return route.continue();
      await held;
      await route.fulfill({
        status: 202,
        headers: { 'retry-after': '1' },
        json: { status: 'preparing', retryAfterMs: 1_000 },
      });
    });
    await openHero(page, made, made.premiumHeroId);
    const formats = await openBookFormats(page);
    const pdfDownload = page.waitForEvent('download');
    await formats.getByRole('button', { name: /^PDF/ }).click();
    await expect(formats.getByRole('button', { name: 'Preparing PDF...' })).toBeDisabled();
    release();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('orion-vale-storybook.pdf');
    expect(answered).toBeGreaterThanOrEqual(2);
    await expect(formats.getByRole('button', { name: /^PDF/ })).toBeEnabled();
  });

  test.describe('while preparing, and when it fails', () => {
    test.use({ expectedConsoleErrors: [/status of 500/] });

    test('the chosen format says it is being prepared; a failure shows the download message', async ({
      page,
      library,
    }) => {
      const made = await library();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/storybook/export?*', async (route) => {
        await held;
        await route.fulfill({
          status: 500,
          json: {
            status: 500,
            code: 'INTERNAL',
            message: 'Failed to download the file. Please try again later.',
          },
        });
      });
      await openHero(page, made, made.premiumHeroId);
      const formats = await openBookFormats(page);
      await formats.getByRole('button', { name: /^PDF/ }).click();

      // Busy: the chosen format says so, both are disabled, Download Book too says it.
      await expect(formats.getByRole('button', { name: 'Preparing PDF...' })).toBeDisabled();
      await expect(formats.getByRole('button', { name: /^EPUB/ })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Preparing book...' })).toBeVisible();
      release();

      await expect(page.getByRole('alert').filter({ hasText: 'Failed to download the file.' })).toHaveText(
        'Failed to download the file. Please try again later.',
      );
      await expect(formats.getByRole('button', { name: /^PDF/ })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Download Book' })).toBeVisible();
    });
  });

  test('an unpaid hero’s Download Book leads to checkout, as Download Assets does', async ({
    page,
    library,
  }) => {
    const made = await library();
    await openHero(page, made, made.unpaidHeroId);
    const locked = page.getByTestId('locked-actions');
    for (const label of ['Download Assets', 'Download Book']) {
      const action = locked.getByRole('link', { name: label, exact: true });
      await expect(action).toHaveAttribute('href', `/checkout/${made.unpaidHeroId}`);
      await expect(action).toHaveAccessibleDescription(/downloads, sharing and the shared story/);
    }
    await expect(page.getByRole('button', { name: 'Download Book' })).toHaveCount(0);
    // The export itself refuses an unpaid hero.
    const refused = await page.request.get(`/api/heroes/${made.unpaidHeroId}/storybook/export?format=epub`, {
      headers: made.owner.headers,
    });
    expect(refused.status()).toBe(403);

    await locked.getByRole('link', { name: 'Download Book', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${made.unpaidHeroId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Unlock Premium Hero' })).toBeVisible();
  });
});

/** What the stand-in speech synthesis has seen: the sentences spoken, and the calls in order. */
interface SpeechLog {
  spoken: string[];
  calls: string[];
}

/**
 * Replaces the browser's speech synthesis (headless Chromium has no voices) by one that records each
 * utterance, starts it at once and ends it only when the test says so (`__speech.finish()`).
 */
async function standInSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log = { spoken: [] as string[], calls: [] as string[] };
    const queue: SpeechSynthesisUtterance[] = [];
    let current: SpeechSynthesisUtterance | null = null;
    let paused = false;
    const next = () => {
      current = queue.shift() ?? null;
      if (current) {
        log.spoken.push(current.text);
        current.dispatchEvent(new Event('start'));
      }
    };
    const synth = {
      get speaking() {
        return current !== null;
      },
      get pending() {
        return queue.length > 0;
      },
      get paused() {
        return paused;
      },
      speak(utterance: SpeechSynthesisUtterance) {
        log.calls.push('speak');
        queue.push(utterance);
        if (!current) next();
      },
      cancel() {
        log.calls.push('cancel');
        queue.length = 0;
        const cancelled = current;
        current = null;
        // As Chrome does: the cancelled utterance fails as interrupted.
        cancelled?.dispatchEvent(Object.assign(new Event('error'), { error: 'interrupted' }));
      },
      pause() {
        log.calls.push('pause');
        paused = true;
      },
      resume() {
        log.calls.push('resume');
        paused = false;
      },
      getVoices: () => [],
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => synth });
    Object.assign(window, {
      __speech: {
        log,
        /** Ends the utterance being spoken; answers whether there was one. */
        finish() {
          const done = current;
          if (!done) return false;
          current = null;
          done.dispatchEvent(new Event('end'));
          if (!current) next();
          return true;
        },
      },
    });
  });
}

type SpeechWindow = Window & { __speech: { log: SpeechLog; finish: () => boolean } };
const speechLog = (page: Page) => page.evaluate(() => (window as unknown as SpeechWindow).__speech.log);
const finishSentence = (page: Page) =>
  page.evaluate(() => (window as unknown as SpeechWindow).__speech.finish());

/** The chapter's blocks (heading, paragraphs) as read: their text, blanks collapsed. */
const blockTexts = (text: Locator) =>
  text.evaluate((root) =>
    Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6, p, li, blockquote'))
      .filter((block) => !block.querySelector('h1, h2, h3, h4, h5, h6, p, li, blockquote'))
      .map((block) => (block.textContent ?? '').split(/\s+/).join(' ').trim())
      .filter(Boolean),
  );

test.describe('read aloud', () => {
  test.setTimeout(240_000);

  test('reads the chapter sentence by sentence, highlighting the one read; pause, resume, stop; a new chapter stops it', async ({
    page,
    library,
  }) => {
    const made = await library();
    await standInSpeech(page);
    const panel = await openHero(page, made, made.premiumHeroId);
    const controls = panel.getByRole('group', { name: 'Read aloud' });
    const text = chapterText(panel);
    const status = controls.getByTestId('read-aloud-status');
    const reading = text.locator('.chapter-sentence[aria-current="true"]');
    await expect(reading).toHaveCount(0);

    await controls.getByRole('button', { name: 'Listen' }).click();
    await expect(status).toHaveText('Reading aloud…');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    const heading = (await text.getByRole('heading', { level: 3 }).innerText()).trim();
    expect((await speechLog(page)).spoken).toEqual([heading]);
    await expect(reading).toHaveText(heading);
    await expect(reading).toHaveClass(/is-reading/);

    // The next sentence: the highlight moves on.
    expect(await finishSentence(page)).toBe(true);
    const second = (await speechLog(page)).spoken[1]!;
    expect(second).toMatch(/\S/);
    await expect(text.locator('.chapter-sentence[data-sentence="1"]').first()).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(text.locator('.chapter-sentence[data-sentence="0"]')).not.toHaveAttribute(
      'aria-current',
      'true',
    );
    expect((await reading.allInnerTexts()).join('').split(/\s+/).join(' ').trim()).toBe(second);

    // Pause and resume.
    await controls.getByRole('button', { name: 'Pause' }).click();
    await expect(status).toHaveText('Paused');
    await expect(controls.getByRole('button', { name: 'Resume' })).toBeFocused();
    await expect(text.locator('.chapter-sentence[data-sentence="1"]').first()).toHaveAttribute(
      'aria-current',
      'true',
    );
    await controls.getByRole('button', { name: 'Resume' }).click();
    await expect(status).toHaveText('Reading aloud…');
    expect((await speechLog(page)).calls.filter((call) => call === 'pause' || call === 'resume')).toEqual([
      'pause',
      'resume',
    ]);

    // Stop: silence, no highlight, Listen again (focused).
    const cancelsBefore = (await speechLog(page)).calls.filter((call) => call === 'cancel').length;
    await controls.getByRole('button', { name: 'Stop' }).click();
    await expect(controls.getByRole('button', { name: 'Listen' })).toBeFocused();
    await expect(controls.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    await expect(reading).toHaveCount(0);
    expect((await speechLog(page)).calls.filter((call) => call === 'cancel').length).toBeGreaterThan(
      cancelsBefore,
    );

    // From the start to the end: every sentence once, in reading order, the one read kept in view.
    const total = await text.evaluate(
      (root) =>
        new Set(
          Array.from(root.querySelectorAll('.chapter-sentence'), (el) => el.getAttribute('data-sentence')),
        ).size,
    );
    expect(total).toBeGreaterThan(3);
    await controls.getByRole('button', { name: 'Listen' }).click();
    const from = (await speechLog(page)).spoken.length - 1;
    for (let i = 1; i < total; i++) expect(await finishSentence(page)).toBe(true);
    const last = text.locator(`.chapter-sentence[data-sentence="${total - 1}"]`).first();
    await expect(last).toHaveAttribute('aria-current', 'true');
    await expect(last).toBeInViewport();
    expect(await seriousAxeViolations(page, '[data-slot="chapters"]')).toEqual([]);
    expect(await finishSentence(page)).toBe(true);
    const spoken = (await speechLog(page)).spoken.slice(from);
    expect(spoken).toHaveLength(total);
    expect(spoken.join(' ')).toBe((await blockTexts(text)).join(' '));
    await expect(controls.getByRole('button', { name: 'Listen' })).toBeVisible();
    await expect(status).toHaveText('');
    await expect(reading).toHaveCount(0);

    // Another chapter while reading: the reading is cancelled.
    await controls.getByRole('button', { name: 'Listen' }).click();
    await expect(reading).toHaveCount(1);
    const cancels = (await speechLog(page)).calls.filter((call) => call === 'cancel').length;
    await chapterTab(panel, 2).click();
    await expect(chapterTab(panel, 2)).toHaveAttribute('aria-selected', 'true');
    await expect(chapterText(panel)).toBeVisible();
    await expect(controls.getByRole('button', { name: 'Listen' })).toBeVisible();
    await expect(panel.locator('.chapter-sentence[aria-current="true"]')).toHaveCount(0);
    expect((await speechLog(page)).calls.filter((call) => call === 'cancel').length).toBeGreaterThan(cancels);
    const spokenCount = (await speechLog(page)).spoken.length;
    expect(await finishSentence(page)).toBe(false);
    expect((await speechLog(page)).spoken.length).toBe(spokenCount);

    // Leaving the page stops it too.
    await controls.getByRole('button', { name: 'Listen' }).click();
    await expect(reading).toHaveCount(1);
    const cancelsBeforeLeaving = (await speechLog(page)).calls.filter((call) => call === 'cancel').length;
    await page.getByRole('link', { name: 'Join Shared Story' }).click();
    await expect(page).toHaveURL(/\/shared-story/);
    expect((await speechLog(page)).calls.filter((call) => call === 'cancel').length).toBeGreaterThan(
      cancelsBeforeLeaving,
    );
  });

  test('the controls are not shown where the browser has no speech synthesis', async ({ page, library }) => {
    const made = await library();
    await page.addInitScript(() => {
      delete (window as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
    });
    const panel = await openHero(page, made, made.premiumHeroId);
    expect(await page.evaluate(() => 'speechSynthesis' in window)).toBe(false);
    await expect(panel.getByRole('group', { name: 'Read aloud' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Listen' })).toHaveCount(0);
  });
});
