/**
 * Queues are typed by their definition in libs/contracts: what may be put on a queue, and what its
 * worker receives, is the queue's payload type. The `@ts-expect-error` lines are the test: each must
 * be a compile error (`npm run typecheck -w libs/messaging`), or tsc reports the directive unused.
 * At run time, the definitions' payload checks are exercised.
 */
import {
  JobQueues,
  type ChapterGenerationJob,
  type HeroGenerationJob,
  type JobPayloadOf,
  type NarratorJob,
} from '@starborn/contracts';
import type { Job } from 'bullmq';
import { createJobWorker, JobQueue } from './jobs.js';

const heroJob: HeroGenerationJob = { heroId: 'h1', attempt: 1 };
const chapterJob: ChapterGenerationJob = {
  storyBookId: 'b1',
  heroId: 'h1',
  chapterNumber: 1,
  chaptersTotalCount: 10,
  previousChapter: null,
  attempt: 1,
};
const narratorJob: NarratorJob = { roomId: 'r1', triggerId: 'intro', intro: true };

/** Never called: its body only has to compile (or fail to, where marked). */
export function compileTimeChecks(heroes: JobQueue<HeroGenerationJob>): void {
  void heroes.add(heroJob, 'hero.h1.1');
  // A chapter job carries every field of a hero job, and is still refused on the hero queue.
  // @ts-expect-error: a chapter job on the hero queue
  void heroes.add(chapterJob, 'chapter.b1.1.1');
  // @ts-expect-error: a narrator job on the hero queue
  void heroes.add(narratorJob, 'narrator.r1.intro');
  // @ts-expect-error: an object literal with a property the hero job does not have
  void heroes.add({ heroId: 'h1', attempt: 1, chapterNumber: 2 }, 'x');

  // The producer's payload type comes from the definition...
  const chapters = new JobQueue(JobQueues.chapterGeneration, { url: '', prefix: '' });
  void chapters.add(chapterJob, 'chapter.b1.1.1');
  // @ts-expect-error: a hero job on the chapter queue
  void chapters.add(heroJob, 'hero.h1.1');
  // @ts-expect-error: a producer declared for hero jobs cannot be built on the chapter queue
  const mislabelled: JobQueue<HeroGenerationJob> = new JobQueue(JobQueues.chapterGeneration, {
    url: '',
    prefix: '',
  });
  void mislabelled;

  // ...and so does the worker's.
  createJobWorker(
    JobQueues.narrator,
    async (job: Job<NarratorJob>) => {
      const roomId: string = job.data.roomId;
      // @ts-expect-error: a narrator job has no heroId
      void job.data.heroId;
      return roomId;
    },
    { url: '', prefix: '' },
  );
  // @ts-expect-error: a worker for hero jobs cannot draw from the narrator queue
  createJobWorker<HeroGenerationJob>(JobQueues.narrator, async () => undefined, { url: '', prefix: '' });

  const payload: JobPayloadOf<typeof JobQueues.heroGeneration> = heroJob;
  void payload;
}

describe('job payload checks (libs/contracts)', () => {
  it('accept the jobs producers put on the queues', () => {
    expect(JobQueues.heroGeneration.invalid(heroJob)).toBeNull();
    expect(JobQueues.chapterGeneration.invalid(chapterJob)).toBeNull();
    expect(
      JobQueues.chapterGeneration.invalid({
        ...chapterJob,
        chapterNumber: 2,
        previousChapter: { chapterNumber: 1, title: 'One', summary: 'It began.' },
      }),
    ).toBeNull();
    expect(JobQueues.narrator.invalid(narratorJob)).toBeNull();
    expect(JobQueues.chapterRelease.invalid({ storyBookId: 'b1', chapterNumber: 2 })).toBeNull();
    expect(JobQueues.releaseReconciliation.invalid({})).toBeNull();
  });

  it('say what is wrong with a payload no worker could use', () => {
    expect(JobQueues.heroGeneration.invalid(null)).toMatch(/object/);
    expect(JobQueues.heroGeneration.invalid({ heroId: '', attempt: 1 })).toMatch(/heroId/);
    expect(JobQueues.heroGeneration.invalid({ heroId: 'h1', attempt: 0 })).toMatch(/attempt/);
    expect(JobQueues.heroGeneration.invalid(chapterJob)).toBeNull(); // extra fields are harmless at run time
    expect(JobQueues.chapterGeneration.invalid({ ...chapterJob, storyBookId: 'a:b' })).toMatch(/storyBookId/);
    expect(JobQueues.chapterGeneration.invalid({ ...chapterJob, chapterNumber: 1.5 })).toMatch(
      /chapterNumber/,
    );
    expect(JobQueues.chapterGeneration.invalid({ ...chapterJob, previousChapter: { title: 1 } })).toMatch(
      /previousChapter/,
    );
    expect(JobQueues.chapterGeneration.invalid(heroJob)).toMatch(/storyBookId/);
    expect(JobQueues.narrator.invalid({ roomId: 'r1' })).toMatch(/triggerId/);
    expect(JobQueues.chapterRelease.invalid({ storyBookId: 'b1', chapterNumber: '2' })).toMatch(
      /chapterNumber/,
    );
  });
});
