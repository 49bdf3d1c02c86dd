import { AiProviderError, AiQuotaExceededError } from '@starborn/ai';
import type { AiQuotaFlag } from '@starborn/messaging';
import { UnrecoverableError } from 'bullmq';

/** Starts the failure reason of a job that ran out of AI quota (and of the event reporting it). */
const QUOTA_EXCEEDED = 'quota_exceeded: ';

/**
 * What a failed AI call means for the job that made it. An exhausted quota raises the shared flag
 * and fails the job for good: retrying cannot help until the quota is back. A request the provider
 * refused as such (a 4xx other than 408/409/429, a content filter) would be refused again, so it
 * fails for good too, rather than paying for two more attempts. Anything else is rethrown for
 * BullMQ to retry with backoff.
 */
export async function failJobForAiError(error: unknown, quota: AiQuotaFlag): Promise<never> {
  if (error instanceof AiQuotaExceededError) {
    await quota.raise(error.message);
    throw new UnrecoverableError(`${QUOTA_EXCEEDED}${error.message}`);
  }
  if (error instanceof AiProviderError && !error.retryable) throw new UnrecoverableError(error.message);
  throw error;
}

/** True for the final error of a job that failed because the AI quota is exhausted. */
export const isQuotaFailure = (error: Error): boolean => error.message.startsWith(QUOTA_EXCEEDED);
