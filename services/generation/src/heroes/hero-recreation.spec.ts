/**
 * A recreation of a hero's art in the hero worker, with the bus and the AI provider stubbed and a real
 * media folder: the job's variant reaches the provider, the images are stored under that version's
 * own keys beside the first art's (nothing overwritten), no backstory is written, and the result and a
 * final failure are announced with the variant.
 */
import { jest } from '@jest/globals';
import type { AiProvider } from '@starborn/ai';
import type { HeroGenerationJob } from '@starborn/contracts';
import type { MessageBus } from '@starborn/messaging';
import { FsStorage } from '@starborn/storage';
import { UnrecoverableError, type Job } from 'bullmq';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { GenerationConfig } from '../config.js';
import type { GenerationQuota } from '../generation-quota.js';
import { HeroGenerationWorker } from './hero-generation.worker.js';

const config = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_PREFIX: 'unit',
  GENERATION_CONCURRENCY: 1,
  GENERATION_LOCK_MS: 30_000,
} as GenerationConfig;

const heroId = 'c'.repeat(32);
const profile = { heroId, name: 'Corin', birthdate: '2000-01-01', western: {}, chinese: {} };
let dir: string;
let png: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'starborn-hero-recreation-'));
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#663399' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setUp() {
  const bus = { request: jest.fn(async () => profile), emitEvent: jest.fn(async () => undefined) };
  const ai = {
    name: 'stub',
    generateHeroImages: jest.fn(async () =>
      ['front', 'profile', 'action'].map((angle) => ({ angle, prompt: `${angle} pose`, png })),
    ),
    generateBackstory: jest.fn(async () => 'A story.'),
  };
  const worker = new HeroGenerationWorker(
    bus as unknown as MessageBus,
    { clear: async () => undefined, raise: async () => undefined } as unknown as GenerationQuota,
    ai as unknown as AiProvider,
    new FsStorage(dir),
    config,
  );
  return { worker, bus, ai };
}

const run = (worker: HeroGenerationWorker, data: HeroGenerationJob) =>
  worker.process({ id: `job.${data.variant ?? 0}.${data.attempt}`, data } as Job<HeroGenerationJob>);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(join(dir, folder), { recursive: true }).catch(() => []);
  return entries.map(String).filter((entry) => entry.endsWith('.png') || entry.endsWith('.webp'));
}

it('asks the provider for the first art as variant 0, with the backstory, under the original keys', async () => {
  const { worker, bus, ai } = setUp();
  await run(worker, { heroId, attempt: 1 });
  expect(ai.generateHeroImages).toHaveBeenCalledWith(profile, { variant: 0 });
  expect(ai.generateBackstory).toHaveBeenCalledTimes(1);
  expect(bus.emitEvent).toHaveBeenCalledWith(
    'hero.generated',
    expect.objectContaining({
      heroId,
      attempt: 1,
      backstory: 'A story.',
      images: expect.arrayContaining([
        expect.objectContaining({ angle: 'front', fullKey: `heroes/${heroId}/full/front` }),
      ]),
    }),
    { eventId: `${heroId}.1` },
  );
  expect((bus.emitEvent.mock.calls[0] as unknown[])[1]).not.toHaveProperty('variant');
});

it('makes a recreation as its variant, images only, stored under the version’s own keys', async () => {
  const { worker, bus, ai } = setUp();
  const firstArt = await filesUnder(`heroes/${heroId}/full`);
  expect(firstArt.length).toBeGreaterThan(0);

  await run(worker, { heroId, attempt: 2, variant: 2 });
  expect(ai.generateHeroImages).toHaveBeenCalledWith(profile, { variant: 2 });
  expect(ai.generateBackstory).not.toHaveBeenCalled();
  const event = (bus.emitEvent.mock.calls[0] as unknown[])[1] as Record<string, unknown>;
  expect(bus.emitEvent).toHaveBeenCalledWith('hero.generated', event, { eventId: `${heroId}.v2.2` });
  expect(event).toMatchObject({ heroId, attempt: 2, variant: 2, backstory: '', provider: 'stub' });
  expect(event.images).toEqual(
    ['front', 'profile', 'action'].map((angle) => ({
      angle,
      prompt: `${angle} pose`,
      fullKey: `heroes/${heroId}/art/v2/full/${angle}`,
      previewKey: `heroes/${heroId}/art/v2/preview/${angle}`,
    })),
  );
  // The version's files are its own; the first art's are still there, unchanged in number.
  expect(await filesUnder(`heroes/${heroId}/art/v2/full`)).toEqual(
    expect.arrayContaining(['front.png', 'front.webp', 'profile.png', 'action.png']),
  );
  expect(await filesUnder(`heroes/${heroId}/art/v2/preview`)).toEqual(expect.arrayContaining(['front.png']));
  expect(await filesUnder(`heroes/${heroId}/full`)).toEqual(firstArt);
});

it('announces a recreation that failed for good with its variant', async () => {
  const { worker, bus } = setUp();
  const finalFailure = (
    worker as unknown as { onFinalFailure(data: HeroGenerationJob, error: Error): Promise<void> }
  ).onFinalFailure.bind(worker);
  await finalFailure({ heroId, attempt: 1, variant: 3 }, new UnrecoverableError('the provider refused'));
  expect(bus.emitEvent).toHaveBeenCalledWith(
    'hero.generation-failed',
    { heroId, attempt: 1, variant: 3, reason: 'the provider refused', quotaExceeded: false },
    { eventId: `${heroId}.v3.1.failed` },
  );
});
