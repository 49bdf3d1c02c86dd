/**
 * user.deleted in heroes, on real PostgreSQL and Redis and a media folder of its own: an event emitted
 * while heroes is not running is handled once it starts, deleting the user's heroes, images, share
 * links, stored media and queued jobs, and nothing of anyone else; a file written after the deletion
 * by work that raced it goes on the follow-up run; handling it again changes nothing.
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { createRedisConnection, MessageBus } from '@starborn/messaging';
import { createServiceApp } from '@starborn/runtime';
import { FsStorage } from '@starborn/storage';
import {
  deleteRedisPrefix,
  eventually,
  testDatabase,
  testRedisPrefix,
  TEST_REDIS_URL,
  userDeletedWhileStopped,
} from '@starborn/testing';
import { Queue } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { HeroesModule } from '../heroes.module.js';
import { UserDeletionService } from './user-deletion.service.js';

const database = testDatabase('heroes-deletion');
const prefix = testRedisPrefix('heroes-deletion');
const alice = crypto.randomUUID();
const bob = crypto.randomUUID();
const heroOf = () => crypto.randomUUID().replaceAll('-', '');
const aliceHeroes = [heroOf(), heroOf()];
const bobHero = heroOf();
let workDir: string;
let storage: FsStorage;
let env: Record<string, string>;
let app: INestMicroservice | undefined;
let bus: MessageBus;
let db: pg.Client;

async function startHeroes() {
  ({ app } = await createServiceApp({ service: 'heroes', module: HeroesModule, env }));
  await app.listen();
}

async function seedHero(ownerId: string, heroId: string, paid: boolean) {
  await db.query(
    `INSERT INTO heroes.heroes (id, owner_id, name, birthdate, western, chinese, status, payment_status)
     VALUES ($1, $2, 'Nova', '1990-05-05', '{}', '{}', 'complete', $3)`,
    [heroId, ownerId, paid ? 'paid' : 'unpaid'],
  );
  await db.query(
    `INSERT INTO heroes.hero_images (hero_id, angle, position, prompt, full_key, preview_key)
     VALUES ($1, 'front', 0, 'a hero', $2, $3)`,
    [heroId, `heroes/${heroId}/full/front`, `heroes/${heroId}/preview/front`],
  );
  await db.query(`INSERT INTO heroes.share_links (id, hero_id, owner_id) VALUES ($1, $2, $3)`, [
    heroId.slice(0, 24),
    heroId,
    ownerId,
  ]);
  for (const key of [`heroes/${heroId}/full/front.png`, `heroes/${heroId}/preview/front.webp`])
    await storage.put(key, Buffer.from('image'), 'image/png');
}

const rowsOf = async (ownerId: string) =>
  Number(
    (
      await db.query(
        `SELECT (SELECT count(*) FROM heroes.heroes WHERE owner_id = $1)
              + (SELECT count(*) FROM heroes.share_links WHERE owner_id = $1)
              + (SELECT count(*) FROM heroes.hero_images i JOIN heroes.heroes h ON h.id = i.hero_id
                  WHERE h.owner_id = $1) AS n`,
        [ownerId],
      )
    ).rows[0].n,
  );

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'starborn-heroes-deletion-'));
  env = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    AUTH_KEYS_DIR: join(workDir, 'keys'),
    MEDIA_DIR: join(workDir, 'media'),
    LOG_LEVEL: 'silent',
  };
  storage = new FsStorage(env.MEDIA_DIR!);
  await startHeroes(); // migrates the schema
  await app!.close();
  app = undefined;
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await seedHero(alice, aliceHeroes[0]!, true);
  await seedHero(alice, aliceHeroes[1]!, false);
  await seedHero(bob, bobHero, false);
  bus = new MessageBus({ url: TEST_REDIS_URL, prefix, timeoutMs: 5_000 });
}, 60_000);

afterAll(async () => {
  await bus?.close();
  await app?.close();
  await db?.end();
  await database.drop();
  await deleteRedisPrefix(prefix);
  await rm(workDir, { recursive: true, force: true });
});

test('a deletion emitted while heroes is down is handled once it starts: heroes, images, shares and media go', async () => {
  // Queued work for Alice's hero and for Bob's.
  const connection = createRedisConnection({ url: TEST_REDIS_URL, prefix }, 'test');
  const jobs = new Queue('generation.hero', { connection, prefix });
  await jobs.add(
    'generation.hero',
    { heroId: aliceHeroes[0], attempt: 1 },
    { jobId: `hero.${aliceHeroes[0]}.1` },
  );
  await jobs.add('generation.hero', { heroId: bobHero, attempt: 1 }, { jobId: `hero.${bobHero}.1` });
  await userDeletedWhileStopped({
    bus,
    userId: alice,
    whileStopped: async () => expect(await rowsOf(alice)).toBe(6),
    start: startHeroes,
    handled: async () => (await rowsOf(alice)) === 0,
  });
  for (const heroId of aliceHeroes) {
    expect(await storage.exists(`heroes/${heroId}/full/front.png`)).toBe(false);
    expect(await storage.exists(`heroes/${heroId}/preview/front.webp`)).toBe(false);
  }
  // Her hero's job record went with her; Bob's work still waits.
  await eventually(async () => (await jobs.getJob(`hero.${aliceHeroes[0]}.1`)) === undefined);
  expect(await jobs.getJob(`hero.${bobHero}.1`)).toBeDefined();
  // A file written by work that raced the deletion is deleted by the follow-up run.
  await storage.put(`heroes/${aliceHeroes[0]}/full/action.png`, Buffer.from('late'), 'image/png');
  await eventually(async () => !(await storage.exists(`heroes/${aliceHeroes[0]}/full/action.png`)), 10_000);
  await jobs.close();
  await connection.quit();
  await expect(
    bus.request('heroes.share-open', { shareId: aliceHeroes[0]!.slice(0, 24) }),
  ).rejects.toMatchObject({
    status: 404,
  });
  // Someone else's hero is untouched.
  expect(await rowsOf(bob)).toBe(3);
  expect(await storage.exists(`heroes/${bobHero}/full/front.png`)).toBe(true);
}, 30_000);

test('a redelivered deletion changes nothing, and a malformed one is ignored', async () => {
  const deletion = app!.get(UserDeletionService);
  await deletion.deleteUserData({ userId: alice });
  await deletion.deleteUserData({ userId: 'not-a-user' });
  expect(await rowsOf(alice)).toBe(0);
  expect(await rowsOf(bob)).toBe(3);
  expect(await storage.exists(`heroes/${bobHero}/preview/front.webp`)).toBe(true);
});
