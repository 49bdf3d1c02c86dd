/**
 * user.deleted in storybook, on real PostgreSQL and Redis and a media folder of its own: an event
 * emitted while storybook is not running is handled once it starts, deleting the user's storybooks,
 * chapters, credits, illustrations and scheduled releases and nothing of anyone else; handling it
 * again changes nothing.
 */
import { chapterReleaseJobId, JobQueues } from '@starborn/contracts';
import { createRedisConnection } from '@starborn/messaging';
import { FsStorage } from '@starborn/storage';
import { TEST_REDIS_URL, userDeletedWhileStopped } from '@starborn/testing';
import { Queue } from 'bullmq';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StorybookHarness } from '../__tests__/harness.js';
import { UserDeletionService } from './user-deletion.service.js';

const mediaDir = join(tmpdir(), `starborn-storybook-deletion-${crypto.randomUUID()}`);
const h = StorybookHarness.forFile({ MEDIA_DIR: mediaDir });
const storage = new FsStorage(mediaDir);
const alice = crypto.randomUUID();
const bob = crypto.randomUUID();
let releases: Queue;
let releasesConnection: ReturnType<typeof createRedisConnection>;
const stories = new Map<string, string>();

async function seedStory(userId: string): Promise<string> {
  const heroId = crypto.randomUUID().replaceAll('-', '');
  const { rows } = await h.db.query(
    `INSERT INTO storybook.storybooks (hero_id, user_id, hero_name, started_at, chapters_total_count,
                                       chapters_unlocked_count, created_at, updated_at)
     VALUES ($1, $2, 'Nova', now(), 3, 1, now(), now()) RETURNING id`,
    [heroId, userId],
  );
  const storyId = rows[0].id as string;
  await h.db.query(
    `INSERT INTO storybook.chapters (storybook_id, chapter_number, status, attempt, title, content, requested_at)
     VALUES ($1, 1, 'ready', 1, 'The start', 'Once upon a time', now())`,
    [storyId],
  );
  await h.db.query(
    `INSERT INTO storybook.chapter_credits (payment_intent_id, user_id, hero_id, amount, succeeded_at)
     VALUES ($1, $2, $3, 299, now())`,
    [`pi_${heroId}`, userId, heroId],
  );
  await storage.put(`storybooks/${storyId}/chapters/1/full.png`, Buffer.from('picture'), 'image/png');
  await releases.add(
    JobQueues.chapterRelease.name,
    { storyBookId: storyId, chapterNumber: 2 },
    { jobId: chapterReleaseJobId({ storyBookId: storyId, chapterNumber: 2 }), delay: 3_600_000 },
  );
  stories.set(userId, storyId);
  return storyId;
}

const rowsOf = async (userId: string) =>
  Number(
    (
      await h.db.query(
        `SELECT (SELECT count(*) FROM storybook.storybooks WHERE user_id = $1)
              + (SELECT count(*) FROM storybook.chapter_credits WHERE user_id = $1)
              + (SELECT count(*) FROM storybook.chapters c JOIN storybook.storybooks s ON s.id = c.storybook_id
                  WHERE s.user_id = $1) AS n`,
        [userId],
      )
    ).rows[0].n,
  );

const releaseJob = (userId: string) =>
  releases.getJob(chapterReleaseJobId({ storyBookId: stories.get(userId)!, chapterNumber: 2 }));

beforeAll(async () => {
  await h.stopService();
  releasesConnection = createRedisConnection({ url: TEST_REDIS_URL, prefix: h.prefix }, 'test:releases');
  releases = new Queue(JobQueues.chapterRelease.name, { connection: releasesConnection, prefix: h.prefix });
  await seedStory(alice);
  await seedStory(bob);
}, 60_000);

afterAll(async () => {
  await releases?.close();
  await releasesConnection?.quit();
  await rm(mediaDir, { recursive: true, force: true });
});

test('a deletion emitted while storybook is down is handled once it starts: stories, chapters, credits, pictures and releases go', async () => {
  await userDeletedWhileStopped({
    bus: h.bus,
    userId: alice,
    whileStopped: async () => expect(await rowsOf(alice)).toBe(3),
    start: () => h.startService(),
    handled: async () => (await rowsOf(alice)) === 0,
  });
  expect(await storage.exists(`storybooks/${stories.get(alice)}/chapters/1/full.png`)).toBe(false);
  expect(await releaseJob(alice)).toBeUndefined();
  // Someone else's story is untouched.
  expect(await rowsOf(bob)).toBe(3);
  expect(await storage.exists(`storybooks/${stories.get(bob)}/chapters/1/full.png`)).toBe(true);
  expect(await releaseJob(bob)).toBeDefined();
}, 30_000);

test('a redelivered deletion changes nothing, and a malformed one is ignored', async () => {
  const deletion = h.get(UserDeletionService);
  await deletion.deleteUserData({ userId: alice });
  await deletion.deleteUserData({ userId: '' });
  expect(await rowsOf(alice)).toBe(0);
  expect(await rowsOf(bob)).toBe(3);
  expect(await releaseJob(bob)).toBeDefined();
});
