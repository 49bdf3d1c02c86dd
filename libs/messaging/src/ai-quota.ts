import { AI_QUOTA_FLAG_SECONDS, aiQuotaKey } from '@starborn/contracts';
import type { Redis } from 'ioredis';

/**
 * The AI-quota flag shared by every service through Redis: the generation workers raise it when the
 * provider reports an exhausted quota and lower it on the next success; it also lapses after 15 minutes.
 */
export class AiQuotaFlag {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.key = aiQuotaKey(prefix);
  }

  async isExceeded(): Promise<boolean> {
    return (await this.redis.exists(this.key)) === 1;
  }

  async raise(reason: string): Promise<void> {
    await this.redis.set(this.key, reason || 'quota exceeded', 'EX', AI_QUOTA_FLAG_SECONDS);
  }

  async clear(): Promise<void> {
    await this.redis.del(this.key);
  }
}
