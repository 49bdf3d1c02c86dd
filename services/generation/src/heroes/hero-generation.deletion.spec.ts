/**
 * A hero deleted while its images are being stored, on a real media folder: the deletion (as heroes
 * does it: the hero's folder, the hero's row, the folder again) lands at a random moment of the job,
 * forty times; every time the job gives up and the hero's folder holds no file afterwards.
 */
import { jest } from '@jest/globals';
import type { AiProvider } from '@starborn/ai';
import { ErrorCodes } from '@starborn/contracts';
import { RemoteError, type MessageBus } from '@starborn/messaging';
import { FsStorage } from '@starborn/storage';
import { type Job } from 'bullmq';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { GenerationConfig } from '../config.js';
import type { GenerationQuota } from '../generation-quota.js';
import { heroMediaPrefix, HeroGenerationWorker } from './hero-generation.worker.js';

const config = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_PREFIX: 'unit',
  GENERATION_CONCURRENCY: 1,
  GENERATION_LOCK_MS: 30_000,
} as GenerationConfig;

const TRIALS = 40;
const profile = { name: 'Corin', birthdate: '2000-01-01', western: {}, chinese: {} };
let dir: string;
let png: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'starborn-hero-deletion-'));
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

it(`leaves no file of a hero deleted at any moment of its generation (${TRIALS} trials)`, async () => {
  const outcomes = { gaveUp: 0, completed: 0 };
  for (let trial = 0; trial < TRIALS; trial++) {
    const heroId = `hero${trial}`;
    let deleted = false;
    let deletion: Promise<void> = Promise.resolve();
    // The account goes while the worker stores its images: during the write of a random one of the
    // twelve files (three angles, full and preview, PNG and WebP), whatever the machine's speed.
    const deleteAt = Math.floor(Math.random() * 12);
    let puts = 0;
    const media = new FsStorage(dir);
    const storage = Object.assign(Object.create(media) as FsStorage, {
      put: (key: string, body: Buffer, type: string) => {
        if (puts++ === deleteAt)
          deletion = (async () => {
            await media.deletePrefix(heroMediaPrefix(heroId));
            deleted = true;
            await media.deletePrefix(heroMediaPrefix(heroId));
          })();
        return media.put(key, body, type);
      },
    });
    const bus = {
      request: jest.fn(async () => {
        await tick();
        if (deleted) throw new RemoteError({ status: 404, code: ErrorCodes.NOT_FOUND, message: 'gone' });
        return { ...profile, heroId };
      }),
      emitEvent: jest.fn(async () => undefined),
    };
    const ai = {
      name: 'stub',
      generateHeroImages: jest.fn(async () =>
        ['front', 'profile', 'action'].map((angle) => ({ angle, prompt: 'a hero', png })),
      ),
      generateBackstory: jest.fn(async () => 'A story.'),
    };
    const worker = new HeroGenerationWorker(
      bus as unknown as MessageBus,
      { clear: async () => undefined } as unknown as GenerationQuota,
      ai as unknown as AiProvider,
      storage,
      config,
    );
    const result = await worker.process({ id: `hero.${heroId}.1`, data: { heroId, attempt: 1 } } as Job).then(
      () => 'completed' as const,
      () => 'gaveUp' as const,
    );
    await deletion;
    outcomes[result]++;
    expect(await filesUnder(join(dir, 'heroes', heroId))).toEqual([]);
  }
  // The deletion landed in the middle of the job: it gave up (rather than announce a deleted hero).
  expect(outcomes.gaveUp).toBeGreaterThan(TRIALS / 2);
}, 120_000);
