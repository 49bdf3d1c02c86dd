import type { Provider } from '@nestjs/common';
import { coalesceWrites } from '@starborn/messaging';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';

export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');

/**
 * The gateway's own Redis connection (sessions, rate limits, health). Fails fast rather than queueing
 * when Redis is down. Commands given in one go (e.g. the session checks of requests read together)
 * leave in one write (coalesceWrites).
 */
export const gatewayRedisProvider: Provider = {
  provide: GATEWAY_REDIS,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) =>
    coalesceWrites(
      new Redis(config.REDIS_URL, {
        maxRetriesPerRequest: 1,
        connectionName: `${config.REDIS_PREFIX}:gateway`,
      }),
    ),
};
