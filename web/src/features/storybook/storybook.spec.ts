import { describe, expect, it } from '@jest/globals';
import {
  chapterBody,
  chapterPrompt,
  chaptersCheckoutPath,
  chaptersPollInterval,
  chapterTabs,
  CHAPTERS_POLL_MS,
  countdownText,
  formatHoursMinutes,
  ILLUSTRATION_POLL_MS,
  isAwaitingIllustrations,
  isReleaseDue,
  isWritingChapters,
  OVERDUE_POLL_MS,
  premiumCheckoutPath,
  unlockedSummary,
  type Chapter,
  type StoryBook,
} from './storybook';

const HERO = '0f8fad5bd9cb469fa165370c3b4d5a6e';
const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A storybook as the API sends it: each field in camelCase and snake_case (the rules read camelCase). */
function storyBook(overrides: Partial<StoryBook> = {}): StoryBook {
  const camel = {
    id: 'sb-1',
    heroId: HERO,
    isPremium: true,
    chaptersTotalCount: 10,
    chaptersUnlockedCount: 4,
    initialChapterGeneratedAt: '2026-02-26T12:00:00.000Z',
    nextUnlockAt: new Date(NOW + 5 * HOUR + 3 * MINUTE).toISOString(),
    createdAt: '2026-02-26T11:59:00.000Z',
    updatedAt: '2026-02-26T12:00:00.000Z',
    ...overrides,
  };
  return {
    ...camel,
    hero_id: camel.heroId,
    is_premium: camel.isPremium,
    chapters_total_count: camel.chaptersTotalCount,
    chapters_unlocked_count: camel.chaptersUnlockedCount,
    initial_chapter_generated_at: camel.initialChapterGeneratedAt,
    next_unlock_at: camel.nextUnlockAt,
    created_at: camel.createdAt,
    updated_at: camel.updatedAt,
  };
}

const chapter = (n: number, overrides: Partial<Chapter> = {}): Chapter => ({
  chapterNumber: n,
  chapter_number: n,
  unlocked: true,
  status: 'ready',
  title: `Chapter ${n}`,
  content: `# The ${n}th night\n\nStars fell.`,
  illustration: null,
  ...overrides,
});

describe('the countdown ("Next chapter unlocks in Xh Ym. Premium chapters are released daily.")', () => {
  it('says how long until the next daily release', () => {
    expect(countdownText(new Date(NOW + 5 * HOUR + 3 * MINUTE).toISOString(), NOW)).toBe(
      'Next chapter unlocks in 5h 3m. Premium chapters are released daily.',
    );
    expect(countdownText(new Date(NOW + 23 * HOUR + 59 * MINUTE).toISOString(), NOW)).toBe(
      'Next chapter unlocks in 23h 59m. Premium chapters are released daily.',
    );
  });

  it('counts whole hours past a day, and rounds up to the minute', () => {
    expect(formatHoursMinutes(3 * 24 * HOUR + 2 * HOUR)).toBe('74h 0m');
    expect(formatHoursMinutes(5 * HOUR + 2 * MINUTE + 1)).toBe('5h 3m');
    expect(formatHoursMinutes(20_000)).toBe('0h 1m');
    expect(formatHoursMinutes(0)).toBe('0h 0m');
    expect(formatHoursMinutes(-5 * MINUTE)).toBe('0h 0m');
  });

  it('reads 0h 0m once due, and says only the rule without a time', () => {
    expect(countdownText(new Date(NOW - MINUTE).toISOString(), NOW)).toBe(
      'Next chapter unlocks in 0h 0m. Premium chapters are released daily.',
    );
    expect(countdownText(null, NOW)).toBe('Premium chapters are released daily.');
    expect(countdownText('not a date', NOW)).toBe('Premium chapters are released daily.');
  });

  it('knows when the release is due', () => {
    expect(isReleaseDue(new Date(NOW).toISOString(), NOW)).toBe(true);
    expect(isReleaseDue(new Date(NOW + 1000).toISOString(), NOW)).toBe(false);
    expect(isReleaseDue(null, NOW)).toBe(false);
  });
});

describe('the prompt per state', () => {
  it('premium story with locked chapters: Next Chapter Unlocks Soon and the $3.99 pack', () => {
    expect(chapterPrompt(HERO, 'paid', storyBook())).toEqual({
      kind: 'next-chapter-soon',
      heading: 'Next Chapter Unlocks Soon',
      buttonLabel: 'Unlock 3 More Chapters – $3.99',
      to: `/checkout/${HERO}?type=chapters&amount=499`,
    });
  });

  it('premium story fully unlocked: no prompt', () => {
    expect(chapterPrompt(HERO, 'paid', storyBook({ chaptersUnlockedCount: 10 }))).toEqual({ kind: 'none' });
  });

  it('unpaid hero: Unlock Full Story with Unlock Now, to the premium checkout', () => {
    const story = storyBook({ isPremium: false, chaptersTotalCount: 1, chaptersUnlockedCount: 1 });
    expect(chapterPrompt(HERO, 'unpaid', story)).toEqual({
      kind: 'unlock-full-story',
      heading: 'Unlock Full Story',
      buttonLabel: 'Unlock Now',
      to: `/checkout/${HERO}`,
    });
  });

  it('paid hero whose story is not premium: Unlock More Chapters with a $1.99 button', () => {
    const story = storyBook({ isPremium: false, chaptersTotalCount: 1, chaptersUnlockedCount: 1 });
    expect(chapterPrompt(HERO, 'paid', story)).toMatchObject({
      kind: 'unlock-more-chapters',
      heading: 'Unlock More Chapters',
      buttonLabel: '$1.99',
      to: `/checkout/${HERO}?type=chapters&amount=499`,
    });
  });

  it('links without the preview prefix', () => {
    expect(chaptersCheckoutPath(`preview-${HERO}`)).toBe(`/checkout/${HERO}?type=chapters&amount=499`);
    expect(premiumCheckoutPath(`preview-${HERO}`)).toBe(`/checkout/${HERO}`);
  });
});

describe('the header and the reading area', () => {
  it("counts unlocked of total: '4 of 10 chapters unlocked'", () => {
    expect(unlockedSummary(storyBook())).toBe('4 of 10 chapters unlocked');
    expect(unlockedSummary({ chaptersUnlockedCount: 1, chaptersTotalCount: 1 })).toBe(
      '1 of 1 chapter unlocked',
    );
  });

  it('shows the markdown, or the two fallbacks', () => {
    expect(chapterBody(chapter(1))).toEqual({ kind: 'markdown', markdown: '# The 1th night\n\nStars fell.' });
    for (const status of ['generating', 'pending'] as const) {
      expect(chapterBody(chapter(2, { status, content: null }))).toEqual({
        kind: 'fallback',
        text: 'Chapter content is being generated...',
      });
    }
    expect(chapterBody(chapter(3, { status: 'error', content: null }))).toEqual({
      kind: 'fallback',
      text: 'No chapter content available',
    });
    expect(chapterBody(chapter(4, { status: 'ready', content: null }))).toEqual({
      kind: 'fallback',
      text: 'No chapter content available',
    });
  });

  it('makes one tab per chapter of the story, locked where the server listed none', () => {
    const tabs = chapterTabs(storyBook({ chaptersTotalCount: 4 }), [chapter(1), chapter(2)]);
    expect(tabs.map((tab) => [tab.chapterNumber, tab.unlocked])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ]);
  });
});

describe('asking the server again', () => {
  const premiumView = (chapters: Chapter[], overrides: Partial<StoryBook> = {}) => ({
    storyBook: storyBook(overrides),
    chapters,
  });

  it('every few seconds while an unlocked chapter is being written, and stops when none is', () => {
    const writing = [chapter(1), chapter(2, { status: 'generating', content: null })];
    expect(isWritingChapters(writing)).toBe(true);
    expect(chaptersPollInterval(premiumView(writing), NOW)).toBe(CHAPTERS_POLL_MS);
    const done = [
      chapter(1),
      chapter(2),
      chapter(3, { unlocked: false, status: 'generating', content: null }),
    ];
    expect(isWritingChapters(done)).toBe(false);
    expect(chaptersPollInterval(premiumView(done), NOW)).toBe(0);
  });

  it('while the storybook is set up, or a just-paid hero’s story is made premium', () => {
    expect(chaptersPollInterval({ storyBook: null, chapters: [] }, NOW)).toBe(CHAPTERS_POLL_MS);
    expect(chaptersPollInterval(null, NOW)).toBe(0);
    const standard = premiumView([chapter(1)], {
      isPremium: false,
      chaptersTotalCount: 1,
      chaptersUnlockedCount: 1,
    });
    expect(chaptersPollInterval(standard, NOW)).toBe(0);
    expect(chaptersPollInterval(standard, NOW, { awaitingPremiumStory: true })).toBe(CHAPTERS_POLL_MS);
  });

  it('every 5 s while a written chapter waits for its illustration and the panel still waits', () => {
    const drawn = {
      url: '/media/c1.png?sig=x',
      alt: 'A tower under falling stars',
      width: 1024,
      height: 768,
    };
    const waiting = premiumView([
      chapter(1, { illustration: drawn }),
      chapter(2),
      chapter(5, { unlocked: false, status: 'pending', content: null }),
    ]);
    expect(isAwaitingIllustrations(waiting.chapters)).toBe(true);
    expect(chaptersPollInterval(waiting, NOW, { awaitingIllustrations: true })).toBe(ILLUSTRATION_POLL_MS);
    // The panel's wait ran out (a drawing that failed for good): no more asking.
    expect(chaptersPollInterval(waiting, NOW)).toBe(0);

    // Every written chapter drawn; a locked one has none and is not waited for.
    const allDrawn = premiumView([
      chapter(1, { illustration: drawn }),
      chapter(5, { unlocked: false, status: 'pending', content: null }),
    ]);
    expect(isAwaitingIllustrations(allDrawn.chapters)).toBe(false);
    expect(chaptersPollInterval(allDrawn, NOW, { awaitingIllustrations: true })).toBe(0);

    // A server that does not send the field has no illustration coming.
    const { illustration: _absent, ...withoutField } = chapter(1);
    expect(isAwaitingIllustrations([withoutField as Chapter])).toBe(false);
  });

  it('every 30 s once a release is overdue on the server', () => {
    const overdue = premiumView([chapter(1)], { nextUnlockAt: new Date(NOW - MINUTE).toISOString() });
    expect(chaptersPollInterval(overdue, NOW)).toBe(OVERDUE_POLL_MS);
    const complete = premiumView([chapter(1)], {
      chaptersUnlockedCount: 10,
      nextUnlockAt: new Date(NOW - MINUTE).toISOString(),
    });
    expect(chaptersPollInterval(complete, NOW)).toBe(0);
  });
});
