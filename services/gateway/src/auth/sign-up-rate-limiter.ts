import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { RemoteError } from '@starborn/messaging';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { consumeOrRefuse, countOutcome, redisLimiter, refuseIfSpent } from '../limits/redis-limits.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

const TOO_MANY_ATTEMPTS = 'Too many attempts';

/**
 * Sign-up limits that count what costs, so an office or a school behind one address is not locked out
 * by its own typos (docs/decisions.md, "Sign-up limits"):
 * - accounts made from one address, held while a sign-up runs and given back when none is made;
 * - refused sign-ups for one email (an address already taken, tried again and again);
 * - every request from one address, malformed ones included, against a high flood ceiling
 *   ({@link SignUpFloodGuard}, before the body is validated).
 */
@Injectable()
export class SignUpRateLimiter {
  private readonly accountsPerIp: RateLimiterRedis;
  private readonly failuresPerEmail: RateLimiterRedis;
  private readonly attemptsPerIp: RateLimiterRedis;

  constructor(@Inject(GATEWAY_REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.accountsPerIp = redisLimiter(
      redis,
      config,
      'register-accounts-ip',
      config.RATE_LIMIT_REGISTER_PER_IP,
      config.RATE_LIMIT_REGISTER_WINDOW_SECONDS,
    );
    this.failuresPerEmail = redisLimiter(
      redis,
      config,
      'register-failures-email',
      config.RATE_LIMIT_REGISTER_PER_EMAIL,
      config.RATE_LIMIT_WINDOW_SECONDS,
    );
    this.attemptsPerIp = redisLimiter(
      redis,
      config,
      'register-attempts-ip',
      config.RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP,
      config.RATE_LIMIT_WINDOW_SECONDS,
    );
  }

  /** Counts one sign-up request from the address, whatever it holds; 429 past the flood ceiling. */
  countAttempt(ip: string): Promise<void> {
    return consumeOrRefuse(this.attemptsPerIp, ip, TOO_MANY_ATTEMPTS);
  }

  /**
   * Runs `signUp` within the address's account budget and the email's failure budget: 429 with
   * Retry-After when either is spent; a refused sign-up (4xx) counts against the email.
   */
  async limit<T>(ip: string, email: string, signUp: () => Promise<T>): Promise<T> {
    const emailKey = email.trim().toLowerCase();
    await refuseIfSpent(this.failuresPerEmail, emailKey, TOO_MANY_ATTEMPTS);
    // Taken before the account is made, so simultaneous sign-ups cannot run past the budget.
    await consumeOrRefuse(this.accountsPerIp, ip, 'Too many accounts were created from your network for now');
    try {
      return await signUp();
    } catch (error) {
      await this.accountsPerIp.reward(ip);
      if (error instanceof RemoteError && error.status >= 400 && error.status < 500) {
        await countOutcome(this.failuresPerEmail, emailKey);
      }
      throw error;
    }
  }
}

/** Counts every sign-up request before validation, so malformed floods meet the ceiling too. */
@Injectable()
export class SignUpFloodGuard implements CanActivate {
  constructor(private readonly limiter: SignUpRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limiter.countAttempt(context.switchToHttp().getRequest<FastifyRequest>().ip);
    return true;
  }
}
