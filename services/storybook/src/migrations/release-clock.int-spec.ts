/**
 * The release clock migration on the real PostgreSQL: stories already premium before it get their next
 * chapter within a day, at their usual hour; rolling it back puts the first rule back.
 */
import { ensureDatabase } from '@starborn/database';
import { testDatabase } from '@starborn/testing';
import pg from 'pg';
import type { QueryRunner } from 'typeorm';
import { CreateStorybooks1765000000000 } from './1765000000000-create-storybooks.js';
import { RefusedChapterCredits1765100000000 } from './1765100000000-refused-chapter-credits.js';
import { ReleaseClock1765200000000 } from './1765200000000-release-clock.js';

const HOUR = 3_600_000;
const database = testDatabase('storybook_migration');
let client: pg.Client;
let runner: QueryRunner;

beforeAll(async () => {
  await ensureDatabase(database.url);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  runner = { query: async (text: string) => (await client.query(text)).rows } as unknown as QueryRunner;
  await client.query('CREATE SCHEMA storybook');
  await new CreateStorybooks1765000000000().up(runner);
  await new RefusedChapterCredits1765100000000().up(runner);
});

afterAll(async () => {
  await client.end();
  await database.drop();
});

/** A premium story whose first chapter was written `hoursAgo` hours ago, with `unlocked` chapters. */
async function premiumStory(heroId: string, hoursAgo: number, unlocked: number): Promise<void> {
  const initial = new Date(Date.now() - hoursAgo * HOUR);
  await client.query(
    `INSERT INTO storybook.storybooks (hero_id, user_id, started_at, is_premium, chapters_total_count,
       chapters_unlocked_count, initial_chapter_generated_at, created_at, updated_at)
     VALUES ($1, gen_random_uuid(), $2, true, 10, $3, $2, $2, $2)`,
    [heroId, initial, unlocked],
  );
}

async function nextRelease(heroId: string): Promise<{ at: Date; initial: Date }> {
  const { rows } = await client.query(
    'SELECT next_release_at, initial_chapter_generated_at FROM storybook.storybooks WHERE hero_id = $1',
    [heroId],
  );
  return { at: rows[0].next_release_at, initial: rows[0].initial_chapter_generated_at };
}

it('brings the next chapter of an upgraded or pack-bought story within a day, keeping its hour', async () => {
  const upgraded = 'a'.repeat(32); // upgraded 30 h ago: 4 chapters, the fifth was 66 h away
  const packed = 'b'.repeat(32); // upgraded and a pack 2 h ago: 7 chapters, the eighth was 166 h away
  const behind = 'c'.repeat(32); // 6 days after its first chapter with only 4: overdue, catches up
  await premiumStory(upgraded, 30, 4);
  await premiumStory(packed, 2, 7);
  await premiumStory(behind, 6 * 24, 4);
  expect((await nextRelease(upgraded)).at.getTime() - Date.now()).toBeGreaterThan(65 * HOUR);

  await new ReleaseClock1765200000000().up(runner);

  const now = Date.now();
  for (const heroId of [upgraded, packed]) {
    const { at, initial } = await nextRelease(heroId);
    expect(at.getTime()).toBeGreaterThan(now);
    expect(at.getTime() - now).toBeLessThanOrEqual(24 * HOUR);
    // Whole days after its first chapter: the story's usual release hour.
    expect((at.getTime() - initial.getTime()) % (24 * HOUR)).toBe(0);
  }
  const { at, initial } = await nextRelease(behind);
  expect(at).toEqual(new Date(initial.getTime() + 4 * 24 * HOUR));

  await new ReleaseClock1765200000000().down(runner);
  const restored = await nextRelease(packed);
  expect(restored.at).toEqual(new Date(restored.initial.getTime() + 7 * 24 * HOUR));
});
