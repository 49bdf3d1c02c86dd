/**
 * Chapter writing end to end with the default, offline AI provider: auth, heroes, the gateway and
 * generation in this process on the real PostgreSQL and Redis (see __tests__/stack.ts). A
 * `generation.chapter` job is enqueued as the storybook service does; what the storybook service
 * would receive is read from its events queue (the storybook service itself is not started).
 */
import { CHAPTER_MAX_WORDS, CHAPTER_MIN_WORDS, sentencesOf, writeLocalChapter } from '@starborn/ai';
import type { ChapterGenerationJob } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import { TEST_REDIS_URL } from '@starborn/testing';
import { ChapterTestBench, chapterJob, nextChapterJob } from './__tests__/chapters.js';
import { TestStack } from './__tests__/stack.js';

const wordsOf = (markdown: string) =>
  markdown
    .replace(/[#>*_]/g, ' ')
    .split(/\s+/)
    .filter((w) => /\w/.test(w)).length;

let stack: TestStack;
let bench: ChapterTestBench;
let bus: MessageBus;

beforeAll(async () => {
  stack = new TestStack('chapters', {});
  await stack.start();
  bench = new ChapterTestBench(stack.env.REDIS_PREFIX!);
  await bench.ready();
  bus = new MessageBus({ url: TEST_REDIS_URL, prefix: stack.env.REDIS_PREFIX! });
}, 60_000);

afterAll(async () => {
  try {
    await bench?.close();
    await bus?.close();
  } finally {
    await stack?.stop();
  }
});

/** The chapter the local writer makes for this job, from the profile heroes holds. */
async function expectedChapter(job: ChapterGenerationJob) {
  const profile = await bus.request('heroes.generation-profile', { heroId: job.heroId });
  return writeLocalChapter({
    hero: { ...profile, heroId: job.heroId },
    chapterNumber: job.chapterNumber,
    chaptersTotalCount: job.chaptersTotalCount,
    previousChapter: job.previousChapter,
  });
}

describe('chapter generation with the local writer', () => {
  it('writes chapter 1 and announces it to the storybook service as chapter.generated', async () => {
    const { heroId } = await stack.newHero('Corin Ash');
    const job = chapterJob(heroId);
    await bench.enqueue(job);

    const event = await bench.generated(job);
    expect(event.id).toBe(`chapter.${job.storyBookId}.1.1`);
    expect(event.data).toMatchObject({
      storyBookId: job.storyBookId,
      chapterNumber: 1,
      attempt: 1,
      provider: 'local',
    });
    const { title, content, summary } = event.data;
    expect(content.startsWith(`# Chapter 1: ${title}\n\n`)).toBe(true);
    expect(content).toContain('Corin Ash');
    expect(wordsOf(content)).toBeGreaterThanOrEqual(CHAPTER_MIN_WORDS);
    expect(wordsOf(content)).toBeLessThanOrEqual(CHAPTER_MAX_WORDS);
    expect(sentencesOf(summary).length).toBeGreaterThanOrEqual(2);
    expect(sentencesOf(summary).length).toBeLessThanOrEqual(4);
    // Written from the hero's profile as heroes holds it, nothing lost on the way.
    const expected = await expectedChapter(job);
    expect({ title, content, summary }).toEqual({
      title: expected.title,
      content: expected.markdown,
      summary: expected.summary,
    });
    expect(await (await bench.job(job))?.getState()).toBe('completed');
  }, 30_000);

  it('continues the story from the previous chapter the job carries, and ends it in the last chapter', async () => {
    const { heroId } = await stack.newHero('Mara Quell');
    const storyBookId = `sb-${Date.now()}`;
    const first = chapterJob(heroId, { storyBookId, chaptersTotalCount: 3 });
    const one = await bench.write(first);

    const second = nextChapterJob(first, one);
    const two = await bench.write(second);
    expect(two.content.startsWith(`# Chapter 2: ${two.title}\n\n`)).toBe(true);
    expect(two.title).not.toBe(one.title);
    expect(two.content).toBe((await expectedChapter(second)).markdown);

    const three = await bench.write(nextChapterJob(second, two));
    expect(three.content.trimEnd().endsWith('*The End*')).toBe(true);
    expect(three.summary).toMatch(/The story is complete\.$/);
  }, 30_000);

  it('gives up at once on a hero that does not exist: nothing announced, and the job record goes', async () => {
    const job = chapterJob('0123456789abcdef0123456789abcdef');
    await bench.enqueue(job);

    await bench.expectGivenUp(job);
  }, 30_000);
});
