// The KEDA triggers of k8s/components/autoscaling count what BullMQ really keeps: on a real Redis, the
// list each ScaledObject trigger names holds exactly the jobs waiting in its queue (not the delayed
// ones, not the one a worker holds), for the BullMQ version this repository runs.
import { JobQueues } from '@starborn/contracts';
import { JobQueue } from '@starborn/messaging';
import { deleteRedisPrefix, testRedisPrefix, TEST_REDIS_URL } from '@starborn/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { join } from 'node:path';
import { K8S_DIR, loadYamlDocuments } from './test-support.js';

const prefix = testRedisPrefix('keda');
const redis = new Redis(TEST_REDIS_URL);

afterAll(async () => {
  redis.disconnect();
  await deleteRedisPrefix(prefix);
});

const scaled = loadYamlDocuments(join(K8S_DIR, 'components/autoscaling/generation-scaledobject.yaml')).find(
  (o) => o.kind === 'ScaledObject',
) as unknown as { spec: { triggers: { metadata: { listName: string } }[] } };

describe('KEDA on the generation queues', () => {
  it.each([JobQueues.heroGeneration, JobQueues.chapterGeneration, JobQueues.narrator])(
    'the listName of $name counts its waiting jobs',
    async (definition) => {
      const trigger = scaled.spec.triggers.find((t) =>
        t.metadata.listName.endsWith(`:${definition.name}:wait`),
      );
      expect(trigger).toBeDefined();
      // The manifests use the deployment's prefix (starborn); this run uses its own.
      const listName = trigger!.metadata.listName.replace(/^starborn:/, `${prefix}:`);
      const queue = new JobQueue<{ n: number }>(definition, { url: TEST_REDIS_URL, prefix });
      const inspect = new Queue(definition.name, { connection: redis, prefix });
      try {
        for (let n = 0; n < 3; n += 1) await queue.add({ n }, `keda-${n}`);
        await queue.add({ n: 9 }, 'keda-later', { delayMs: 60_000 });
        expect(await redis.type(listName)).toBe('list');
        expect(await redis.llen(listName)).toBe(3);
        expect(await queue.waitingCount()).toBe(3);
        expect(await inspect.getDelayedCount()).toBe(1);
      } finally {
        await inspect.close();
        await queue.close();
      }
    },
  );
});
