import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
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
 * out from another. Nor can guessers at many addresses: the ceiling does not apply at an address that has
 * signed in to the account before ({@link KnownAddresses}), only the per-address limits do. Sign-up has
 * limits of its own (SignUpRateLimiter).
 */
@Injectable()
export class AuthRateLimiter {
  private readonly limiters: Record<
    Action,
    { ip: RateLimiterRedis; email: RateLimiterRedis; emailIp?: RateLimiterRedis }
  >;
  private readonly known: KnownAddresses;

  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.known = new KnownAddresses(redis, config);
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

  /** Counts one attempt; throws 429 with Retry-After when a limit is spent. */
  async consume(action: Action, ip: string, email: string): Promise<void> {
    const { ip: byIp, email: byEmail, emailIp: byEmailIp } = this.limiters[action];
    const emailKey = accountKey(email);
    try {
      // One after another: an attempt refused by a narrower limit must not spend the wider ones, or a
      // guesser stuck at the per-address limit would still run the account's ceiling down.
      await byIp.consume(ip);
      if (byEmailIp) await byEmailIp.consume(pairKey(emailKey, ip));
      // The owner at an address they signed in from before is not held by guesses made elsewhere.
      if (!(action === 'login' && (await this.known.has(emailKey, ip)))) await byEmail.consume(emailKey);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw tooManyRequests('Too many attempts', rejection.msBeforeNext);
    }
  }

  /**
   * A successful sign-in clears that email's counts (the ceiling and this address's), so a user's own
   * typos do not lock them out later, and remembers the address as one of the account's own.
   */
  async reset(action: Action, ip: string, email: string): Promise<void> {
    const emailKey = accountKey(email);
    const { email: byEmail, emailIp: byEmailIp } = this.limiters[action];
    await Promise.all([
      byEmail.delete(emailKey),
      byEmailIp?.delete(pairKey(emailKey, ip)),
      action === 'login' ? this.known.remember(emailKey, ip) : undefined,
    ]);
  }

  /** A deleted account: its known addresses and its sign-in counts go. */
  async forgetAccount(email: string): Promise<void> {
    const emailKey = accountKey(email);
    await Promise.all([
      this.known.forget(emailKey),
      this.limiters.login.email.delete(emailKey),
      this.limiters.support.email.delete(emailKey),
      this.forgetPairs(emailKey),
    ]);
  }

  /** The per-(account, address) counts of every address: found by their common key prefix. */
  private async forgetPairs(emailKey: string): Promise<void> {
    const pattern = `${this.limiters.login.emailIp!.keyPrefix}:${escapeGlob(pairKey(emailKey, ''))}*`;
    const stream = this.redis.scanStream({ match: pattern, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>)
      if (keys.length) await this.redis.del(...keys);
  }

  /** An account just made from this address: the address is the owner's own. */
  rememberAddress(ip: string, email: string): Promise<void> {
    return this.known.remember(accountKey(email), ip);
  }
}

/**
 * What names an account in the limits' Redis keys: a digest of its normalised email, so that no key
 * holds the email itself, and nothing of it is left in Redis once the account is deleted.
 */
export function accountKey(email: string): string {
  return hash(email.trim().toLowerCase() || '(none)');
}

/** One key per (account, address). */
function pairKey(email: string, ip: string): string {
  return `${email} ${ip}`;
}

/**
 * The addresses that signed in to each account successfully: a sorted set per account (scored by the
 * time of the latest sign-in) holding at most LOGIN_KNOWN_ADDRESSES, forgotten LOGIN_KNOWN_ADDRESS_DAYS
 * after their latest sign-in. Key and members are hashes, so Redis shows neither emails nor addresses.
 */
class KnownAddresses {
  private readonly prefix: string;
  private readonly max: number;
  private readonly ttlMs: number;

  constructor(
    private readonly redis: Redis,
    config: Pick<GatewayConfig, 'REDIS_PREFIX' | 'LOGIN_KNOWN_ADDRESSES' | 'LOGIN_KNOWN_ADDRESS_DAYS'>,
  ) {
    this.prefix = `${config.REDIS_PREFIX}:login-known:`;
    this.max = config.LOGIN_KNOWN_ADDRESSES;
    this.ttlMs = config.LOGIN_KNOWN_ADDRESS_DAYS * 86_400_000;
  }

  async has(emailKey: string, ip: string): Promise<boolean> {
    const score = await this.redis.zscore(this.key(emailKey), hash(ip));
    return score !== null && Number(score) > Date.now() - this.ttlMs;
  }

  async remember(emailKey: string, ip: string): Promise<void> {
    const key = this.key(emailKey);
    const now = Date.now();
    await this.redis
      .multi()
      .zadd(key, now, hash(ip))
      // The latest `max` stay; addresses not used for the whole period go too.
      .zremrangebyrank(key, 0, -(this.max + 1))
      .zremrangebyscore(key, '-inf', now - this.ttlMs)
      .pexpire(key, this.ttlMs)
      .exec();
  }

  async forget(emailKey: string): Promise<void> {
    await this.redis.del(this.key(emailKey));
  }

  /** `emailKey` is already a digest ({@link accountKey}). */
  private key(emailKey: string): string {
    return this.prefix + emailKey;
  }
}

/** `text` matched literally in a Redis SCAN pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
