import type { Provider } from '@nestjs/common';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';

export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');

/** The gateway's own Redis connection (rate limits, health). Fails fast rather than queueing when Redis is down. */
export const gatewayRedisProvider: Provider = {
  provide: GATEWAY_REDIS,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) =>
    new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      connectionName: `${config.REDIS_PREFIX}:gateway`,
    }),
};
