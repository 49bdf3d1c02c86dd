import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { heroStatusChannel, type HeroStatusNotice } from '@starborn/contracts';
import { createRedisConnection } from '@starborn/messaging';
import { BASE_CONFIG, type BaseConfig } from '@starborn/runtime';
import type { Redis } from 'ioredis';

/**
 * Announces status changes on a Redis channel that every gateway instance listens to: the gateway
 * pushes them to the owner's browser (socket.io `hero_status`) and wakes a waiting generate request.
 */
@Injectable()
export class HeroStatusPublisher implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly channel: string;

  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    this.redis = createRedisConnection(
      { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
      'heroes:status',
    );
    this.channel = heroStatusChannel(config.REDIS_PREFIX);
  }

  /** The notice's type and channel come from libs/contracts, where the gateway's listener reads them too. */
  async publish(notice: HeroStatusNotice): Promise<void> {
    await this.redis.publish(this.channel, JSON.stringify(notice));
  }

  /** The same connection serves the AI-quota flag. */
  get connection(): Redis {
    return this.redis;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
