/**
 * Daily releases of premium stories: the delayed job per story, the sweep, both at once, and the sweep
 * after Redis lost everything — on the real PostgreSQL and Redis, with a ManualClock.
 */
import { chapterReleaseJobId } from '@starborn/contracts';
import { deleteRedisPrefix, eventually } from '@starborn/testing';
import { DAY, found, releaseClockStart, StorybookHarness, type StoryRow } from '../__tests__/harness.js';
import { ReconciliationService } from './reconciliation.service.js';
import { ReleaseService } from './release.service.js';
import { ReleaseWorkers } from './release.workers.js';

const t = StorybookHarness.forFile();

/** 4 chapters at the upgrade, then one a day from its clock. */
const expectedUnlocked = (story: StoryRow, at: Date) => {
  const days = Math.floor((at.getTime() - releaseClockStart(story)) / DAY);
  return Math.min(10, 4 + days);
};

describe('daily releases', () => {
  it('releases one chapter a day from the day after the upgrade, and ends at 10/10 with nothing scheduled', async () => {
    const { heroId, story } = await t.startedStory({ premium: true });
    const start = releaseClockStart(story);
    const sweep = t.get(ReconciliationService);
    const seen: number[] = [];
    for (let day = 1; day <= 10; day++) {
      t.clock.set(new Date(start + day * DAY));
      await sweep.run();
      const now = (await t.story(heroId))!;
      seen.push(now.chapters_unlocked_count);
      expect(now.chapters_unlocked_count).toBe(expectedUnlocked(story, t.clock.now()));
      // The next release is always within a day (the 3 chapters unlocked early do not count), and null
      // once everything is unlocked.
      expect(now.next_release_at).toEqual(
        now.chapters_unlocked_count < 10 ? new Date(start + (now.chapters_unlocked_count - 3) * DAY) : null,
      );
      // Chapters are written ahead of the releases: min(10, unlocked + 3) are ready or on their way.
      await t.chaptersReady(story.id, Math.min(10, now.chapters_unlocked_count + 3));
    }
    expect(seen).toEqual([5, 6, 7, 8, 9, 10, 10, 10, 10, 10]);
    const view = await t.bus.request('storybook.get', { userId: story.user_id, heroId });
    expect(view.storyBook).toMatchObject({
      chaptersUnlockedCount: 10,
      nextUnlockAt: null,
      next_unlock_at: null,
    });
    expect(view.chapters.every((c) => c.unlocked && c.content)).toBe(true);
  }, 60_000);

  it('catches up a story left days behind (the service was down), one release at a time', async () => {
    const { heroId, story } = await t.startedStory({ premium: true });
    t.clock.set(new Date(releaseClockStart(story) + 3 * DAY + 1));
    await t.get(ReconciliationService).run();
    // The sweep's releases and the next jobs, due at once, bring it to where the calendar is: day 3 → 7.
    await t.storyWhen(heroId, (s) => s.chapters_unlocked_count === 7);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.get(ReconciliationService).run();
    expect(await t.story(heroId)).toMatchObject({
      chapters_unlocked_count: 7,
      next_release_at: new Date(releaseClockStart(story) + 4 * DAY),
    });
  });

  it('schedules one delayed job per story, due at its next release by the service clock', async () => {
    const { story } = await t.startedStory({ premium: true });
    const { queue, close } = t.releaseQueue();
    try {
      const job = await found(() =>
        queue.getJob(chapterReleaseJobId({ storyBookId: story.id, chapterNumber: 5 })),
      );
      expect(job.data).toEqual({ storyBookId: story.id, chapterNumber: 5 });
      expect(await job.getState()).toBe('delayed');
      // A day after the upgrade, measured on the ManualClock the release time came from.
      const expected = story.next_release_at!.getTime() - t.clock.now().getTime();
      expect(Math.abs(job.delay - expected)).toBeLessThan(5);
    } finally {
      await close();
    }
  });

  it('does nothing when a job runs before its time, or finds its release made', async () => {
    const { heroId, story } = await t.startedStory({ premium: true });
    const releases = t.get(ReleaseService);
    const job = { storyBookId: story.id, chapterNumber: 5 };
    await expect(releases.releaseScheduled(job)).resolves.toBe('nothing-to-do'); // not due
    expect((await t.story(heroId))!.chapters_unlocked_count).toBe(4);
    t.clock.set(story.next_release_at!);
    await expect(releases.releaseScheduled(job)).resolves.toBe('released');
    await expect(releases.releaseScheduled(job)).resolves.toBe('nothing-to-do'); // a retry
    expect((await t.story(heroId))!.chapters_unlocked_count).toBe(5);
    // A job of an older schedule (chapter 5 again, a day later) changes nothing either.
    t.clock.advance(DAY);
    await expect(releases.releaseScheduled(job)).resolves.toBe('nothing-to-do');
    await expect(releases.releaseScheduled({ storyBookId: story.id, chapterNumber: 6 })).resolves.toBe(
      'released',
    );
  });
});

describe('no double release', () => {
  it('releases each chapter once when the delayed jobs and sweeps run together, day after day', async () => {
    const stories: StoryRow[] = [];
    for (let i = 0; i < 12; i++) stories.push((await t.startedStory({ premium: true })).story);
    // Same day for all of them: they all became premium on this clock reading.
    const releases = t.get(ReleaseService);
    const sweep = t.get(ReconciliationService);
    const start = t.clock.now().getTime();
    for (let day = 1; day <= 6; day++) {
      t.clock.set(new Date(Math.max(...stories.map(releaseClockStart)) + day * DAY));
      const chapterNumber = 4 + day;
      // For every story: three copies of its delayed job, and three sweeps, all at once.
      const outcomes = await Promise.all([
        ...stories.flatMap((story) =>
          [1, 2, 3].map(() => releases.releaseScheduled({ storyBookId: story.id, chapterNumber })),
        ),
        sweep.run(),
        sweep.run(),
        sweep.run(),
      ]);
      // At most one job per story made it (the sweeps, which also see other tests' stories, made the rest).
      expect(outcomes.filter((outcome) => outcome === 'released').length).toBeLessThanOrEqual(stories.length);
      // Exactly one more chapter each: a double release would show as two.
      for (const story of stories) {
        expect((await t.story(story.hero_id))!.chapters_unlocked_count).toBe(chapterNumber);
      }
    }
    expect(t.clock.now().getTime()).toBeGreaterThan(start);
  }, 60_000);

  it('releases once when BullMQ runs the real delayed job during a sweep', async () => {
    const { heroId, story } = await t.startedStory({ premium: true });
    const { queue, close } = t.releaseQueue();
    try {
      const jobId = chapterReleaseJobId({ storyBookId: story.id, chapterNumber: 5 });
      const job = await found(() => queue.getJob(jobId));
      t.clock.set(story.next_release_at!);
      await Promise.all([
        job.promote(),
        t.get(ReconciliationService).run(),
        t.get(ReconciliationService).run(),
      ]);
      await eventually(async () => (await job.getState()) === 'completed');
      expect((await t.story(heroId))!.chapters_unlocked_count).toBe(5);
      // Whoever made it scheduled the next one.
      const next = await found(() =>
        queue.getJob(chapterReleaseJobId({ storyBookId: story.id, chapterNumber: 6 })),
      );
      expect(await next.getState()).toBe('delayed');
    } finally {
      await close();
    }
  });
});

describe('after Redis lost its data', () => {
  it('the sweep scheduler comes back and releases what is due', async () => {
    const { heroId, story } = await t.startedStory({ premium: true });
    await t.chaptersReady(story.id, 7);
    t.clock.set(new Date(story.next_release_at!.getTime() + 60_000));
    // Every queue, delayed job and the sweep's scheduler of this deployment: gone.
    await deleteRedisPrefix(t.prefix);
    const { queue, close } = t.releaseQueue();
    try {
      expect(
        await queue.getJob(chapterReleaseJobId({ storyBookId: story.id, chapterNumber: 5 })),
      ).toBeUndefined();
      expect(await queue.getJobSchedulers()).toEqual([]);
    } finally {
      await close();
    }
    // What the service's own timer does every interval.
    await t.get(ReleaseWorkers).ensureScheduled();
    const released = await t.storyWhen(heroId, (s) => s.chapters_unlocked_count === 5, 15_000);
    expect(released.next_release_at).toEqual(new Date(releaseClockStart(story) + 2 * DAY));
    // Writing ahead goes on too: chapter 8 is asked and written.
    await t.chaptersReady(story.id, 8);
  }, 30_000);
});
