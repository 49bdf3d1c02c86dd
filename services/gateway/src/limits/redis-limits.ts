import { Inject, Logger } from '@nestjs/common';
import { ErrorCodes } from '@starborn/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/http-error.filter.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

const logger = new Logger('RateLimits');

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
 * For limits that count only some outcomes (a declined card, a refused sign-up), known after the work:
 * takes one point for `key` before the work, in the same Redis step that checks the allowance, so
 * simultaneous requests cannot all pass a check made before any of them is counted. A spent allowance
 * throws the 429 saying `what`; otherwise the answer gives the point back when the outcome does not count.
 */
export async function reserveOrRefuse(
  limiter: RateLimiterRedis,
  key: string,
  what: string,
): Promise<{ release(): Promise<void> }> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    // A refused request counts no outcome: its increment is undone, so a burst of refused requests
    // does not keep the allowance spent after the outcomes that count are given back.
    await giveBack(limiter, key);
    throw tooManyRequests(what, rejection.msBeforeNext);
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await giveBack(limiter, key);
    },
  };
}

/**
 * Gives a reserved point back, best effort: the work it guarded is done by now (a payment opened, a
 * card tried), and Redis out of reach for a moment must not turn that answer into an error. A point
 * not given back stays counted until its window ends, which errs on the side of the limit.
 */
async function giveBack(limiter: RateLimiterRedis, key: string): Promise<void> {
  await limiter.reward(key).catch((error: unknown) => {
    logger.warn(`A rate-limit point could not be given back: ${(error as Error).message}`);
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
