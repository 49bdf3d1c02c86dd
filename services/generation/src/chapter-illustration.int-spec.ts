/**
 * Chapter illustrations end to end with the default, offline AI provider: auth, heroes, the gateway
 * and generation in this process on the real PostgreSQL and Redis (see __tests__/stack.ts). A
 * `generation.illustration` job is enqueued as the storybook service does; what the storybook service
 * would receive is read from its events queue, and the stored files from the media directory.
 */
import { renderChapterIllustration, writeLocalChapter } from '@starborn/ai';
import {
  chapterIllustrationJobId,
  JobQueues,
  type ChapterIllustratedEvent,
  type ChapterIllustrationFailedEvent,
  type ChapterIllustrationJob,
} from '@starborn/contracts';
import { createRedisConnection, JobQueue, MessageBus } from '@starborn/messaging';
import { eventually, TEST_REDIS_URL } from '@starborn/testing';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import sharp from 'sharp';
import { ChapterTestBench } from './__tests__/chapters.js';
import { TestStack } from './__tests__/stack.js';

let stack: TestStack;
let bench: ChapterTestBench;
let bus: MessageBus;
let producer: JobQueue<ChapterIllustrationJob>;

beforeAll(async () => {
  stack = new TestStack('illustrations', {});
  await stack.start();
  bench = new ChapterTestBench(stack.env.REDIS_PREFIX!);
  await bench.ready();
  const options = { url: TEST_REDIS_URL, prefix: stack.env.REDIS_PREFIX! };
  bus = new MessageBus(options);
  producer = new JobQueue(JobQueues.chapterIllustration, options);
}, 60_000);

afterAll(async () => {
  try {
    await producer?.close();
    await bench?.close();
    await bus?.close();
  } finally {
    await stack?.stop();
  }
});

/** Every event the storybook service would receive about this job's illustration. */
function eventsAbout(job: ChapterIllustrationJob) {
  return bench.events.filter(
    (event) =>
      event.name.startsWith('chapter.illustrat') &&
      event.data.storyBookId === job.storyBookId &&
      event.data.chapterNumber === job.chapterNumber,
  ) as unknown as {
    name: string;
    id: string;
    data: ChapterIllustratedEvent | ChapterIllustrationFailedEvent;
  }[];
}

async function illustrate(job: ChapterIllustrationJob) {
  await producer.add(job, chapterIllustrationJobId(job));
  return (await eventually(() => eventsAbout(job)[0], 20_000))!;
}

const media = (key: string) => readFile(join(stack.env.MEDIA_DIR!, key));

describe('chapter illustration with the local provider', () => {
  it('draws the chapter, stores full and preview variants, and announces chapter.illustrated', async () => {
    const { heroId } = await stack.newHero('Corin Ash');
    const profile = await bus.request('heroes.generation-profile', { heroId });
    const hero = { ...profile, heroId };
    const chapter = writeLocalChapter({
      hero,
      chapterNumber: 2,
      chaptersTotalCount: 10,
      previousChapter: null,
    });
    const job: ChapterIllustrationJob = {
      storyBookId: randomUUID(),
      heroId,
      chapterNumber: 2,
      title: chapter.title,
      content: chapter.markdown,
      attempt: 1,
    };

    const event = await illustrate(job);
    expect(event.name).toBe('chapter.illustrated');
    expect(event.id).toBe(`illustration.${job.storyBookId}.2.1`);
    const base = `storybooks/${job.storyBookId}/chapters/2`;
    expect(event.data).toEqual({
      storyBookId: job.storyBookId,
      chapterNumber: 2,
      attempt: 1,
      fullKey: `${base}/full`,
      previewKey: `${base}/preview`,
      width: 1200,
      height: 800,
      alt: expect.stringContaining('Corin Ash'),
      provider: 'local',
    });

    // The full picture is the one the local provider draws for this chapter, from heroes' profile.
    const expected = await renderChapterIllustration({
      hero,
      chapterNumber: 2,
      title: chapter.title,
      markdown: chapter.markdown,
    });
    expect((await media(`${base}/full.png`)).equals(expected.png)).toBe(true);
    expect((event.data as ChapterIllustratedEvent).alt).toBe(expected.alt);
    expect(await sharp(await media(`${base}/full.webp`)).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 800,
    });
    // The preview is reduced, keeps the picture's shape, and is not the full picture.
    for (const [ext, format] of [
      ['png', 'png'],
      ['webp', 'webp'],
    ] as const) {
      expect(await sharp(await media(`${base}/preview.${ext}`)).metadata()).toMatchObject({
        format,
        width: 600,
        height: 400,
      });
    }
    // The renderings at the widths pages show are made by the gateway when first asked for, not here.
    await expect(media(`${base}/full.w600.avif`)).rejects.toThrow(/ENOENT/);
  }, 40_000);

  it('gives up at once on a hero that does not exist: nothing announced, and the job record goes', async () => {
    const job: ChapterIllustrationJob = {
      storyBookId: randomUUID(),
      heroId: '0123456789abcdef0123456789abcdef',
      chapterNumber: 1,
      title: 'Lost',
      content: '# Chapter 1: Lost\n\nNobody.',
      attempt: 3,
    };
    const prefix = stack.env.REDIS_PREFIX!;
    const connection = createRedisConnection({ url: TEST_REDIS_URL, prefix }, 'test');
    const queue = new Queue(JobQueues.chapterIllustration.name, { connection, prefix });
    try {
      await producer.add(job, chapterIllustrationJobId(job));
      // A deleted hero is a deleted account: nobody is left to tell, and the record names the hero.
      await eventually(async () => (await queue.getJob(chapterIllustrationJobId(job))) === undefined, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(eventsAbout(job)).toEqual([]);
    } finally {
      await queue.close();
      await connection.quit();
    }
  }, 30_000);
});
