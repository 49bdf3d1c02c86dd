/**
 * Art recreations in heroes on real PostgreSQL and Redis, with no generation worker: the job a
 * recreation queues (a hero generation job with its variant), parallel requests that start one,
 * a result applied once however often it is delivered, a stale attempt's result ignored, and a
 * failure that uses up nothing.
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { JobQueues, type GeneratedImageRef } from '@starborn/contracts';
import { createRedisConnection, MessageBus, RemoteError } from '@starborn/messaging';
import { createServiceApp } from '@starborn/runtime';
import {
  deleteRedisPrefix,
  eventually,
  testDatabase,
  testRedisPrefix,
  TEST_REDIS_URL,
} from '@starborn/testing';
import { Queue } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { HeroesModule } from '../heroes.module.js';
import { HeroArtService } from './art.service.js';

const database = testDatabase('heroes-art');
const prefix = testRedisPrefix('heroes-art');
const owner = crypto.randomUUID();
const heroId = crypto.randomUUID().replaceAll('-', '');
let workDir: string;
let app: INestMicroservice;
let bus: MessageBus;
let db: pg.Client;
let connection: ReturnType<typeof createRedisConnection>;
let jobs: Queue;

const imagesOf = (version: number): GeneratedImageRef[] =>
  (['front', 'profile', 'action'] as const).map((angle) => ({
    angle,
    prompt: `${angle} v${version}`,
    fullKey: `heroes/${heroId}/art/v${version}/full/${angle}`,
    previewKey: `heroes/${heroId}/art/v${version}/preview/${angle}`,
  }));
const heroRow = async () =>
  (await db.query(`SELECT art_version, art_recreations FROM heroes.heroes WHERE id = $1`, [heroId])).rows[0];
const versionRows = async () =>
  (
    await db.query(
      `SELECT version, status, attempt FROM heroes.hero_art_versions WHERE hero_id = $1 ORDER BY version`,
      [heroId],
    )
  ).rows;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'starborn-heroes-art-'));
  ({ app } = await createServiceApp({
    service: 'heroes',
    module: HeroesModule,
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      AUTH_KEYS_DIR: join(workDir, 'keys'),
      MEDIA_DIR: join(workDir, 'media'),
      LOG_LEVEL: 'silent',
    },
  }));
  await app.listen();
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  // A premium hero whose first art was made (its images are version 0, the column's default).
  await db.query(
    `INSERT INTO heroes.heroes (id, owner_id, name, birthdate, western, chinese, status, payment_status)
     VALUES ($1, $2, 'Nova', '1990-05-05', '{"sign":"Taurus"}', '{"sign":"Horse"}', 'complete', 'paid')`,
    [heroId, owner],
  );
  await db.query(
    `INSERT INTO heroes.hero_images (hero_id, angle, position, prompt, full_key, preview_key)
     VALUES ($1, 'front', 0, 'a hero', $2, $3)`,
    [heroId, `heroes/${heroId}/full/front`, `heroes/${heroId}/preview/front`],
  );
  bus = new MessageBus({ url: TEST_REDIS_URL, prefix, timeoutMs: 5_000 });
  connection = createRedisConnection({ url: TEST_REDIS_URL, prefix }, 'test');
  jobs = new Queue(JobQueues.heroGeneration.name, { connection, prefix });
}, 60_000);

afterAll(async () => {
  await jobs?.close();
  await connection?.quit();
  await bus?.close();
  await app?.close();
  await db?.end();
  await database.drop();
  await deleteRedisPrefix(prefix);
  await rm(workDir, { recursive: true, force: true });
});

test('parallel requests start one recreation, queued as a hero generation job with its variant', async () => {
  const answers = await Promise.allSettled(
    Array.from({ length: 5 }, () => bus.request('heroes.art-recreate', { userId: owner, heroId })),
  );
  const started = answers.filter((answer) => answer.status === 'fulfilled');
  expect(started).toHaveLength(1);
  expect(started[0]!.value).toMatchObject({ version: 1, status: 'generating', current: false });
  for (const answer of answers.filter((a) => a.status === 'rejected'))
    expect((answer as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
    } satisfies Partial<RemoteError>);
  expect(await versionRows()).toEqual([{ version: 1, status: 'generating', attempt: 1 }]);
  const job = await jobs.getJob(`hero.${heroId}.v1.1`);
  expect(job?.data).toEqual({ heroId, attempt: 1, variant: 1 });
  expect(await jobs.getJobCounts('waiting')).toEqual({ waiting: 1 });
});

test('a result is applied once, however often delivered, and a stale attempt is ignored', async () => {
  const result = { heroId, attempt: 1, variant: 1, images: imagesOf(1), backstory: '', provider: 'test' };
  await bus.emitEvent('hero.generated', result, { eventId: `${heroId}.v1.1` });
  await eventually(async () => (await versionRows())[0]?.status === 'ready');
  // Delivered again (as after a lost acknowledgement), and a result for an attempt that is not the
  // version's current one: handed to the service directly, so the test knows when each is handled.
  const art = app.get(HeroArtService);
  await art.complete(result);
  await art.complete({ ...result, attempt: 7 });
  const versions = await bus.request('heroes.art-versions', { userId: owner, heroId });
  expect(versions.versions.map((v) => [v.version, v.status])).toEqual([
    [0, 'ready'],
    [1, 'ready'],
  ]);
  expect(versions.recreationsLeft).toBe(2);
  expect(await heroRow()).toEqual({ art_version: 0, art_recreations: 1 });
  const stored = await db.query(
    `SELECT version, count(*)::int AS n FROM heroes.hero_images WHERE hero_id = $1 GROUP BY version ORDER BY version`,
    [heroId],
  );
  expect(stored.rows).toEqual([
    { version: 0, n: 1 },
    { version: 1, n: 3 },
  ]);
});

test('a failed recreation uses up nothing: the next one makes the same version again', async () => {
  const second = await bus.request('heroes.art-recreate', { userId: owner, heroId });
  expect(second).toMatchObject({ version: 2, status: 'generating' });
  await bus.emitEvent(
    'hero.generation-failed',
    { heroId, attempt: 1, variant: 2, reason: 'the provider refused', quotaExceeded: false },
    { eventId: `${heroId}.v2.1.failed.real` },
  );
  await eventually(async () => (await versionRows())[1]?.status === 'failed');
  expect((await bus.request('heroes.art-versions', { userId: owner, heroId })).recreationsLeft).toBe(2);
  const again = await bus.request('heroes.art-recreate', { userId: owner, heroId });
  expect(again).toMatchObject({ version: 2, status: 'generating' });
  expect((await versionRows())[1]).toEqual({ version: 2, status: 'generating', attempt: 2 });
  expect((await jobs.getJob(`hero.${heroId}.v2.2`))?.data).toEqual({ heroId, attempt: 2, variant: 2 });
  // The first attempt's late result is stale now: it changes nothing.
  await app.get(HeroArtService).complete({
    heroId,
    attempt: 1,
    variant: 2,
    images: imagesOf(2),
    backstory: '',
    provider: 'test',
  });
  expect((await versionRows())[1]).toEqual({ version: 2, status: 'generating', attempt: 2 });
  await bus.emitEvent(
    'hero.generated',
    { heroId, attempt: 2, variant: 2, images: imagesOf(2), backstory: '', provider: 'test' },
    { eventId: `${heroId}.v2.2` },
  );
  await eventually(async () => (await versionRows())[1]?.status === 'ready');
  expect(await heroRow()).toEqual({ art_version: 0, art_recreations: 2 });
});
