/**
 * The hero worker's own rules, with the bus, the AI provider, storage and the quota flag stubbed: a
 * hero that no longer exists is given up on (no retry), other failures are retried, an exhausted quota
 * raises the flag, and a final failure is announced once under the job's failure event id.
 */
import { jest } from '@jest/globals';
import { AiQuotaExceededError, type AiProvider } from '@starborn/ai';
import { ErrorCodes, type HeroGenerationJob } from '@starborn/contracts';
import { RemoteError, type MessageBus } from '@starborn/messaging';
import type { ObjectStorage } from '@starborn/storage';
import { UnrecoverableError, type Job } from 'bullmq';
import type { GenerationConfig } from '../config.js';
import type { GenerationQuota } from '../generation-quota.js';
import { HeroGenerationWorker } from './hero-generation.worker.js';

const config = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_PREFIX: 'unit',
  GENERATION_CONCURRENCY: 1,
  GENERATION_LOCK_MS: 30_000,
} as GenerationConfig;

const jobOf = (data: HeroGenerationJob) =>
  ({ id: `hero.${data.heroId}.${data.attempt}`, data }) as Job<HeroGenerationJob>;

function setUp(request: () => Promise<unknown>) {
  const bus = { request: jest.fn(request), emitEvent: jest.fn(async () => undefined) };
  const quota = { raise: jest.fn(async () => undefined), clear: jest.fn(async () => undefined) };
  const ai = {
    name: 'stub',
    generateHeroImages: jest.fn(async () => {
      throw new AiQuotaExceededError('You exceeded your current quota');
    }),
    generateBackstory: jest.fn(async () => 'A story.'),
  };
  const storage = { deletePrefix: jest.fn(async () => 0) };
  const worker = new HeroGenerationWorker(
    bus as unknown as MessageBus,
    quota as unknown as GenerationQuota,
    ai as unknown as AiProvider,
    storage as unknown as ObjectStorage,
    config,
  );
  return { worker, bus, quota, ai, storage };
}

const profile = { heroId: 'h1', name: 'Corin', birthdate: '2000-01-01', western: {}, chinese: {} };

describe('HeroGenerationWorker', () => {
  it('gives up at once on a hero that no longer exists, deleting what an earlier attempt stored', async () => {
    const { worker, ai, storage } = setUp(async () => {
      throw new RemoteError({ status: 404, code: ErrorCodes.NOT_FOUND, message: 'Hero not found' });
    });
    const attempt = worker.process(jobOf({ heroId: 'h1', attempt: 1 }));
    await expect(attempt).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(attempt).rejects.toThrow('hero h1 not found');
    expect(ai.generateHeroImages).not.toHaveBeenCalled();
    expect(storage.deletePrefix).toHaveBeenCalledWith('heroes/h1/');
  });

  it('lets BullMQ retry when heroes cannot answer', async () => {
    const unavailable = new RemoteError({
      status: 503,
      code: ErrorCodes.SERVICE_UNAVAILABLE,
      message: 'Service unavailable',
    });
    const { worker } = setUp(async () => {
      throw unavailable;
    });
    const attempt = worker.process(jobOf({ heroId: 'h1', attempt: 1 }));
    await expect(attempt).rejects.toBe(unavailable);
    await expect(attempt).rejects.not.toBeInstanceOf(UnrecoverableError);
  });

  it('raises the quota flag and fails for good when the quota is exhausted', async () => {
    const { worker, quota } = setUp(async () => profile);
    const attempt = worker.process(jobOf({ heroId: 'h1', attempt: 2 }));
    await expect(attempt).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(attempt).rejects.toThrow(/^quota_exceeded: /);
    expect(quota.raise).toHaveBeenCalledWith('You exceeded your current quota');
    expect(quota.clear).not.toHaveBeenCalled();
  });

  it('announces a final failure under <heroId>.<attempt>.failed', async () => {
    const { worker, bus } = setUp(async () => profile);
    const finalFailure = (
      worker as unknown as {
        onFinalFailure(data: HeroGenerationJob, error: Error): Promise<void>;
      }
    ).onFinalFailure.bind(worker);
    await finalFailure({ heroId: 'h1', attempt: 2 }, new UnrecoverableError('quota_exceeded: out'));
    expect(bus.emitEvent).toHaveBeenCalledWith(
      'hero.generation-failed',
      { heroId: 'h1', attempt: 2, reason: 'quota_exceeded: out', quotaExceeded: true },
      { eventId: 'h1.2.failed' },
    );
  });
});
