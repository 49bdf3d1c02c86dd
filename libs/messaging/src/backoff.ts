import type { RetryPolicy } from './options.js';

/** Name of the BullMQ custom backoff strategy used for events. */
export const EVENT_BACKOFF = 'capped-exponential';

/** Exponential backoff with a ceiling and ±20 % jitter, so retries of many events do not stampede. */
export function cappedExponentialDelay(
  attemptsMade: number,
  policy: RetryPolicy,
  random = Math.random,
): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, attemptsMade - 1);
  const capped = Math.min(exponential, policy.maxDelayMs);
  return Math.round(capped * (0.8 + 0.4 * random()));
}
