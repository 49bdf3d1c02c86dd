import { Inject } from '@nestjs/common';
import { ErrorCodes } from '@starborn/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/http-error.filter.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

/**
 * A counter of `points` per `durationSeconds` held in Redis under the gateway's prefix, so a limit holds
 * whichever gateway instance a request reaches.
 */
export function redisLimiter(
  redis: Redis,
  config: Pick<GatewayConfig, 'REDIS_PREFIX'>,
  name: string,
  points: number,
  durationSeconds: number,
): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${config.REDIS_PREFIX}:rate-limit:${name}`,
    points,
    duration: durationSeconds,
  });
}

type NumberSetting = {
  [K in keyof GatewayConfig]: GatewayConfig[K] extends number ? K : never;
}[keyof GatewayConfig];

/** The named counters of the limiters below: the settings that give each its points and its window. */
const LIMITS = {
  'payment-declines': ['RATE_LIMIT_PAYMENT_DECLINES', 'RATE_LIMIT_PAYMENT_DECLINES_WINDOW_SECONDS'],
  'room-messages': ['RATE_LIMIT_ROOM_MESSAGES', 'RATE_LIMIT_ROOM_MESSAGES_WINDOW_SECONDS'],
  'register-accounts-ip': ['RATE_LIMIT_REGISTER_PER_IP', 'RATE_LIMIT_REGISTER_WINDOW_SECONDS'],
  'register-failures-email': ['RATE_LIMIT_REGISTER_PER_EMAIL', 'RATE_LIMIT_WINDOW_SECONDS'],
  'register-attempts-ip': ['RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP', 'RATE_LIMIT_WINDOW_SECONDS'],
} as const satisfies Record<string, readonly [points: NumberSetting, window: NumberSetting]>;

/** A limiter of the gateway: makes its counters from the shared Redis connection and the configuration. */
export abstract class RedisLimits {
  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  protected limiter(name: keyof typeof LIMITS): RateLimiterRedis {
    const [points, window] = LIMITS[name];
    return redisLimiter(this.redis, this.config, name, this.config[points], this.config[window]);
  }
}

/** Counts one point for `key`; a spent allowance throws the 429 saying `what` happened. */
export async function consumeOrRefuse(limiter: RateLimiterRedis, key: string, what: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooManyRequests(what, rejection.msBeforeNext);
    throw rejection;
  }
}

/**
 * For limits that count only outcomes (the outcome is known after the work): the 429 saying `what`
 * while `key`'s allowance is spent, without counting this request.
 */
export async function refuseIfSpent(limiter: RateLimiterRedis, key: string, what: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints >= limiter.points) throw tooManyRequests(what, state.msBeforeNext);
}

/** Counts one outcome for `key`; already at the limit, the next refuseIfSpent refuses. */
export async function countOutcome(limiter: RateLimiterRedis, key: string): Promise<void> {
  await limiter.consume(key).catch((rejection: unknown) => {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
  });
}

/** The 429 for a spent allowance: how long to wait, in words and as Retry-After. */
export function tooManyRequests(what: string, msBeforeNext: number): ApiException {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiException(
    {
      status: 429,
      code: ErrorCodes.RATE_LIMITED,
      message: `${what}. Please wait ${describeWait(seconds)} and try again.`,
    },
    { 'retry-after': String(seconds) },
  );
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
