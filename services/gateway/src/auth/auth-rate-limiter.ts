import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { redisLimiter, tooManyRequests } from '../limits/redis-limits.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

type Action = 'login' | 'support';

/**
 * Counts sign-in and support-form attempts per client IP and per email address in Redis, so the limits
 * hold across every gateway instance: guessing passwords for one account, or from one address, stops
 * at the limit until the window passes. Sign-in also counts per (email, address) pair with a low limit,
 * and per email only with a far higher ceiling: someone guessing from one address cannot lock the owner
 * out from another. Sign-up has limits of its own (SignUpRateLimiter).
 */
@Injectable()
export class AuthRateLimiter {
  private readonly limiters: Record<
    Action,
    { ip: RateLimiterRedis; email: RateLimiterRedis; emailIp?: RateLimiterRedis }
  >;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const limiter = (name: string, points: number) =>
      redisLimiter(redis, config, name, points, config.RATE_LIMIT_WINDOW_SECONDS);
    this.limiters = {
      login: {
        ip: limiter('login-ip', config.RATE_LIMIT_LOGIN_PER_IP),
        email: limiter('login-email', config.RATE_LIMIT_LOGIN_PER_EMAIL),
        emailIp: limiter('login-email-ip', config.RATE_LIMIT_LOGIN_PER_EMAIL_IP),
      },
      support: {
        ip: limiter('support-ip', config.RATE_LIMIT_SUPPORT_PER_IP),
        email: limiter('support-email', config.RATE_LIMIT_SUPPORT_PER_EMAIL),
      },
    };
  }

  /** Counts one attempt; throws 429 with Retry-After when either limit is spent. */
  async consume(action: Action, ip: string, email: string): Promise<void> {
    const { ip: byIp, email: byEmail, emailIp: byEmailIp } = this.limiters[action];
    const emailKey = email.trim().toLowerCase() || '(none)';
    try {
      // One after another: an attempt refused by a narrower limit must not spend the wider ones, or a
      // guesser stuck at the per-address limit would still run the account's ceiling down.
      await byIp.consume(ip);
      if (byEmailIp) await byEmailIp.consume(pairKey(emailKey, ip));
      await byEmail.consume(emailKey);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw tooManyRequests('Too many attempts', rejection.msBeforeNext);
    }
  }

  /**
   * A successful sign-in clears that email's counts (the ceiling and this address's), so a user's own
   * typos do not lock them out later.
   */
  async reset(action: Action, ip: string, email: string): Promise<void> {
    const emailKey = email.trim().toLowerCase();
    const { email: byEmail, emailIp: byEmailIp } = this.limiters[action];
    await Promise.all([byEmail.delete(emailKey), byEmailIp?.delete(pairKey(emailKey, ip))]);
  }
}

/** One key per (email, address); the address last, as an email cannot hold a space. */
function pairKey(email: string, ip: string): string {
  return `${email} ${ip}`;
}
