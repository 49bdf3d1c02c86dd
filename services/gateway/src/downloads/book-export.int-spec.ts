import { bookFileName } from '@starborn/book';
import { DOWNLOAD_FORBIDDEN_MESSAGE } from '@starborn/contracts';
import { StorybookModule } from '@starborn/storybook';
import { epubcheck, eventually, inspectPdf, solidPng } from '@starborn/testing';
import { startStack, type TestStack } from '../__tests__/stack.js';
import { BOOK_FORMAT_MESSAGE } from './book-export.controller.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('bookexport', { services: { storybook: StorybookModule } });
}, 60_000);

afterAll(() => stack?.close());

const exportUrl = (heroId: string, format?: string) =>
  `/api/heroes/${heroId}/storybook/export${format === undefined ? '' : `?format=${format}`}`;

/**
 * A paid hero whose premium storybook has chapter 1 written and illustrated. The chapter and its picture
 * are offered through the events the generation workers send (the storybook keeps the first result of
 * an attempt), so the suite does not wait on the workers; the story is made premium as the payment's
 * unlock would.
 */
async function illustratedBook(): Promise<{
  token: string;
  heroId: string;
  hero: any;
  title: string;
  content: string;
}> {
  const { token, heroId, hero } = await stack.newHero({ paid: true });
  const view = await eventually(async () => {
    const response = await stack.api('GET', `/api/heroes/${heroId}/storybook`, { token });
    return response.status === 200 ? response.json : undefined;
  }, 15_000);
  const storyBookId: string = view.storyBook.id;
  await stack.db.query(
    `UPDATE storybook.storybooks SET is_premium = true, premium_payment_intent_id = 'pi_book_test' WHERE id = $1`,
    [storyBookId],
  );
  const title = 'The First Light & the <Dark>';
  await stack.bus.emitEvent(
    'chapter.generated',
    {
      storyBookId,
      chapterNumber: 1,
      attempt: 1,
      title,
      content: `# ${title}\n\nThe hero woke beneath a sky of **falling** stars.`,
      summary: 'The hero woke.',
      provider: 'test',
    },
    { eventId: `${storyBookId}.1.1.book-test` },
  );
  const fullKey = `storybooks/${storyBookId}/chapters/1/book-test`;
  await stack.storage.put(`${fullKey}.png`, solidPng(120, 80, '#b5803f'), 'image/png');
  await stack.bus.emitEvent(
    'chapter.illustrated',
    {
      storyBookId,
      chapterNumber: 1,
      attempt: 1,
      fullKey,
      previewKey: fullKey,
      width: 120,
      height: 80,
      alt: 'A hero under falling stars',
      provider: 'test',
    },
    { eventId: `illustration.${storyBookId}.1.1.book-test` },
  );
  // Both results may have come from the workers instead: what matters is a written, illustrated chapter.
  const written = await eventually(async () => {
    const response = await stack.api('GET', `/api/heroes/${heroId}/storybook`, { token });
    const chapter = response.json?.chapters?.[0];
    return chapter?.status === 'ready' && chapter.content && chapter.illustration ? chapter : undefined;
  }, 20_000);
  return { token, heroId, hero, title: written.title, content: written.content };
}

describe('storybook export', () => {
  it('gives the paid owner an EPUB that epubcheck passes and a PDF with the chapter on its own page', async () => {
    const { token, heroId, hero, title, content } = await illustratedBook();

    const epub = await stack.api('GET', exportUrl(heroId, 'epub'), { token });
    expect(epub.status).toBe(200);
    expect(epub.headers.get('content-type')).toBe('application/epub+zip');
    expect(epub.headers.get('content-disposition')).toBe(
      `attachment; filename="${bookFileName(hero.name, 'epub')}"`,
    );
    expect(epub.headers.get('cache-control')).toBe('private, no-store');
    const report = await epubcheck(epub.body);
    expect({ fatals: report.fatals, errors: report.errors, warnings: report.warnings }).toEqual({
      fatals: 0,
      errors: 0,
      warnings: 0,
    });
    expect(epub.body.includes(Buffer.from('images/chapter-001.png'))).toBe(true);

    const pdf = await stack.api('GET', exportUrl(heroId, 'pdf'), { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="${bookFileName(hero.name, 'pdf')}"`,
    );
    const pages = await inspectPdf(pdf.body);
    // Cover, title page, backstory (one page or more), chapter 1, zodiac profile.
    expect(pages.pages).toBeGreaterThanOrEqual(5);
    expect(
      pages.pageSizes.every((size) => Math.round(size.width) === 420 && Math.round(size.height) === 595),
    ).toBe(true);
    const chapterPage = pages.pageTexts.findIndex((text) => text.trim().startsWith('CHAPTER 1'));
    expect(chapterPage).toBeGreaterThan(2);
    expect(pages.pageTexts[chapterPage]!.replace(/\s+/g, ' ')).toContain(title);
    // The chapter's first words (whoever wrote it: this suite's event or the workers).
    const firstWords = content
      .replace(/^#.*\n+/, '')
      .replace(/[*_>#]/g, '')
      .split(/\s+/)
      .slice(0, 3)
      .join(' ');
    expect(pages.pageTexts[chapterPage]!.replace(/\s+/g, ' ')).toContain(firstWords);
    expect(pages.fonts.every((font) => font.embedded)).toBe(true);
  }, 90_000);

  it('makes the book without chapters for a hero whose storybook is gone', async () => {
    const { token, heroId } = await stack.newHero({ paid: true });
    await eventually(
      async () => (await stack.api('GET', `/api/heroes/${heroId}/storybook`, { token })).status === 200,
      15_000,
    );
    await stack.db.query(`DELETE FROM storybook.storybooks WHERE hero_id = $1`, [heroId]);
    const pdf = await stack.api('GET', exportUrl(heroId, 'pdf'), { token });
    expect(pdf.status).toBe(200);
    const pages = await inspectPdf(pdf.body);
    expect(pages.pageTexts.some((text) => text.includes('CHAPTER'))).toBe(false);
    expect(pages.pageTexts.at(-1)).toContain('Zodiac profile');
  }, 60_000);

  it('refuses an unpaid owner (403), anyone else (404), a missing or unknown format (400), no token (401)', async () => {
    const unpaid = await stack.newHero({ paid: false });
    const refused = await stack.api('GET', exportUrl(unpaid.heroId, 'epub'), { token: unpaid.token });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(DOWNLOAD_FORBIDDEN_MESSAGE);

    const paid = await stack.newHero({ paid: true });
    const stranger = await stack.newUser();
    for (const id of [unpaid.heroId, paid.heroId, 'nonsense']) {
      const foreign = await stack.api('GET', exportUrl(id, 'pdf'), { token: stranger.token });
      expect(foreign.status).toBe(404);
      expect(foreign.json.message).toBe('Hero not found.');
    }

    for (const format of [undefined, '', 'docx', 'EPUB']) {
      const bad = await stack.api('GET', exportUrl(paid.heroId, format), { token: paid.token });
      expect({ format, status: bad.status, message: bad.json?.message }).toEqual({
        format,
        status: 400,
        message: BOOK_FORMAT_MESSAGE,
      });
    }
    expect((await stack.api('GET', exportUrl(paid.heroId, 'epub'))).status).toBe(401);
  }, 60_000);
});
