import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AiQuotaFlag, createRedisConnection } from '@starborn/messaging';
import type { Redis } from 'ioredis';
import { GENERATION_CONFIG, type GenerationConfig } from './config.js';

/**
 * The AI-quota flag of this process: one Redis connection shared by every generation worker. Nest
 * shuts it down after the workers that use it (they depend on it), so jobs in flight can still clear it.
 */
@Injectable()
export class GenerationQuota extends AiQuotaFlag implements OnApplicationShutdown {
  private readonly connection: Redis;

  constructor(@Inject(GENERATION_CONFIG) config: GenerationConfig) {
    const connection = createRedisConnection(
      { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
      'generation:quota',
    );
    super(connection, config.REDIS_PREFIX);
    this.connection = connection;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.quit().catch(() => undefined);
  }
}
