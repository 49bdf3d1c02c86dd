import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { consumeOrRefuse, redisLimiter } from '../limits/redis-limits.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

/**
 * Book exports and asset bundles per user (RATE_LIMIT_BOOK_EXPORTS per
 * RATE_LIMIT_BOOK_EXPORTS_WINDOW_SECONDS), counted and checked in one Redis step so simultaneous
 * requests cannot all pass. Each request counts, a 202's retry included: each one reads the book's
 * content from two services and may keep a connection waiting for the renderer.
 */
@Injectable()
export class BookExportLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.limiter = redisLimiter(
      redis,
      config,
      'book-exports',
      config.RATE_LIMIT_BOOK_EXPORTS,
      config.RATE_LIMIT_BOOK_EXPORTS_WINDOW_SECONDS,
    );
  }

  /** Counts one export for the user; over the allowance, the usual 429. */
  consume(userId: string): Promise<void> {
    return consumeOrRefuse(this.limiter, userId, 'Too many book downloads');
  }
}
