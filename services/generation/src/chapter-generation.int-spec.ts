/**
 * Chapter writing end to end with the default, offline AI provider: auth, heroes, the gateway and
 * generation in this process on the real PostgreSQL and Redis (see __tests__/stack.ts). A
 * `generation.chapter` job is enqueued as the storybook service does; what the storybook service
 * would receive is read from its events queue (the storybook service itself is not started).
 */
import {
  CHAPTER_MAX_WORDS,
  CHAPTER_MIN_WORDS,
  planStory,
  revisePlan,
  sceneOfChapter,
  sentencesOf,
  writeLocalChapter,
  type StoryPlan,
} from '@starborn/ai';
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

/**
 * The chapter the local writer makes for this job, from the profile heroes holds and the story so far
 * as storybook tells it (the plan the last chapter left, or a new one from the hero and its backstory).
 */
async function expectedChapter(job: ChapterGenerationJob) {
  const profile = await bus.request('heroes.generation-profile', { heroId: job.heroId });
  const hero = { ...profile, heroId: job.heroId };
  const { storyPlan, previousChapters } = bench.storyContext(job);
  const { chapterNumber, chaptersTotalCount } = job;
  const plan = revisePlan(
    (storyPlan as unknown as StoryPlan | null) ??
      planStory(hero, { chaptersTotalCount, backstory: profile.backstory }),
    { chapterNumber, chaptersTotalCount, previousChapters },
  );
  const chapter = writeLocalChapter({
    hero,
    chapterNumber,
    chaptersTotalCount,
    previousChapter: previousChapters.at(-1) ?? null,
    previousChapters,
    plan,
  });
  return { ...chapter, plan, scene: sceneOfChapter(plan, chapterNumber) };
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
    const { title, content, summary, storyPlan, scene } = event.data;
    expect(content.startsWith(`# Chapter 1: ${title}\n\n`)).toBe(true);
    expect(content).toContain('Corin Ash');
    expect(wordsOf(content)).toBeGreaterThanOrEqual(CHAPTER_MIN_WORDS);
    expect(wordsOf(content)).toBeLessThanOrEqual(CHAPTER_MAX_WORDS);
    expect(sentencesOf(summary).length).toBeGreaterThanOrEqual(2);
    expect(sentencesOf(summary).length).toBeLessThanOrEqual(4);
    // Written from the hero's profile as heroes holds it and from the story's plan, made with this first
    // chapter (storybook had none): the event hands the plan and the chapter's scene to storybook.
    const expected = await expectedChapter(job);
    expect(bench.contextRequests).toBeGreaterThanOrEqual(1);
    expect({ title, content, summary, storyPlan, scene }).toEqual({
      title: expected.title,
      content: expected.markdown,
      summary: expected.summary,
      storyPlan: expected.plan,
      scene: expected.scene,
    });
    expect(expected.plan.cast.length).toBeGreaterThanOrEqual(3);
    expect(await (await bench.job(job))?.getState()).toBe('completed');
  }, 30_000);

  it('continues the story from the plan and the chapters storybook keeps, and ends it in the last chapter', async () => {
    const { heroId } = await stack.newHero('Mara Quell');
    const first = chapterJob(heroId, { chaptersTotalCount: 3 });
    const one = await bench.write(first);

    const second = nextChapterJob(first, one);
    const expectedTwo = await expectedChapter(second);
    const two = await bench.write(second);
    expect(two.content.startsWith(`# Chapter 2: ${two.title}\n\n`)).toBe(true);
    expect(two.title).not.toBe(one.title);
    expect(two.content).toBe(expectedTwo.markdown);
    // The same story: chapter 1's plan, revised with what chapter 1 did, and its cast in chapter 2.
    const [planOne, planTwo] = [one.storyPlan, two.storyPlan] as unknown as StoryPlan[];
    expect(planTwo!.cast).toEqual(planOne!.cast);
    expect(planTwo!.state.chapterNumber).toBe(1);
    expect(planTwo!.state.events).toHaveLength(1);

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
