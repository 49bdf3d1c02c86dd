import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BACKEND_SERVICES, JobQueues, QueueNames } from '@starborn/contracts';
import { createRedisConnection } from '@starborn/messaging';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { apiErrorBody } from '../http/api-error.js';
import { presentsOperatorToken } from './operator-token.js';

export const QUEUE_BOARD_PATH = '/admin/queues';

/** Every BullMQ queue of Starborn: each service's command and event queue, and the job queues. */
export function allQueueNames(): string[] {
  return [
    ...BACKEND_SERVICES.flatMap((service) => [QueueNames.commands(service), QueueNames.events(service)]),
    ...Object.values(JobQueues).map((definition) => definition.name),
  ];
}

/**
 * The operators' queue dashboard (@bull-board) under /admin/queues, for whoever presents
 * OPERATOR_TOKEN; without OPERATOR_TOKEN it is not registered at all (404). Returns a function that
 * closes its Redis connection.
 */
export async function registerQueueBoard(
  app: NestFastifyApplication,
  config: GatewayConfig,
): Promise<(() => Promise<void>) | undefined> {
  const token = config.OPERATOR_TOKEN;
  if (!token) return undefined;
  const connection = createRedisConnection(
    { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
    'gateway:queue-board',
  );
  const queues = allQueueNames().map((name) => new Queue(name, { connection, prefix: config.REDIS_PREFIX }));
  for (const queue of queues) queue.on('error', () => undefined);
  const serverAdapter = new BullBoardFastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Starborn queues' } },
  });
  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (presentsOperatorToken(request.headers.authorization, token)) return;
      await reply
        .code(401)
        .header('www-authenticate', 'Basic realm="Starborn operators", charset="UTF-8"')
        .header('cache-control', 'no-store')
        // The same error body as every other 4xx (clients read `error`).
        .send(
          apiErrorBody({ status: 401, code: 'UNAUTHORIZED', message: 'The operator token is required.' }),
        );
    });
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: QUEUE_BOARD_PATH });
  });
  return async () => {
    await Promise.all(queues.map((queue) => queue.close().catch(() => undefined)));
    await connection.quit().catch(() => undefined);
  };
}
