/** storybook.export-user on the real PostgreSQL: the stories of one user, each with the chapters they can read. */
import { StorybookHarness } from '../__tests__/harness.js';

const t = StorybookHarness.forFile();

describe('storybook.export-user', () => {
  it('gives the readable chapters of the user’s stories: never one written ahead and still locked', async () => {
    const { heroId, userId, story } = await t.startedStory({ premium: true });
    // A second story of the same user, not premium: chapter 1 only.
    const second = { heroId: t.newHero().heroId, userId };
    await t.completeHero(second);
    const secondStory = await t.storyWhen(second.heroId, (s) => s.initial_chapter_generated_at !== null);
    // Someone else's story.
    const other = await t.startedStory();

    // Chapters 1 … 7 are written; 4 are unlocked.
    expect(
      (await t.chapters(story.id)).filter((row) => row.status === 'ready').length,
    ).toBeGreaterThanOrEqual(7);
    const { storybooks } = await t.bus.request('storybook.export-user', { userId });
    expect(storybooks.map((book) => book.heroId).sort()).toEqual([heroId, second.heroId].sort());
    expect(storybooks.map((book) => book.id)).not.toContain(other.story.id);

    const premium = storybooks.find((book) => book.heroId === heroId)!;
    expect(premium).toMatchObject({
      id: story.id,
      isPremium: true,
      chaptersTotalCount: 10,
      chaptersUnlockedCount: 4,
      nextUnlockAt: expect.any(String),
    });
    expect(premium.chapters.map((chapter) => chapter.chapterNumber)).toEqual([1, 2, 3, 4]);
    for (const chapter of premium.chapters) {
      expect(chapter.title).toBe(`Chapter ${chapter.chapterNumber}`);
      expect(chapter.content).toContain(`# Chapter ${chapter.chapterNumber}`);
      if (chapter.illustration) expect(chapter.illustration.quality).toBe('full');
    }

    const free = storybooks.find((book) => book.heroId === second.heroId)!;
    expect(free).toMatchObject({ id: secondStory.id, isPremium: false, chaptersUnlockedCount: 1 });
    expect(free.chapters.map((chapter) => chapter.chapterNumber)).toEqual([1]);
    if (free.chapters[0]!.illustration) expect(free.chapters[0]!.illustration.quality).toBe('preview');
  });

  it('gives a user without a story an empty list, and refuses a malformed user id', async () => {
    expect(await t.bus.request('storybook.export-user', { userId: t.newHero().userId })).toEqual({
      storybooks: [],
    });
    await expect(t.bus.request('storybook.export-user', { userId: 'nobody' })).rejects.toMatchObject({
      status: 400,
    });
  });
});
