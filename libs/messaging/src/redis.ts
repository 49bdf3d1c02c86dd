import { Redis } from 'ioredis';
import type { RedisConnectionOptions } from './options.js';

/**
 * A connection as BullMQ wants it: commands wait through reconnects instead of failing
 * (maxRetriesPerRequest: null), so a Redis restart delays messages rather than losing them.
 */
export function createRedisConnection(options: RedisConnectionOptions, name: string): Redis {
  return new Redis(options.url, {
    maxRetriesPerRequest: null,
    connectionName: `${options.prefix}:${name}`,
    ...options.redisOptions,
  });
}
