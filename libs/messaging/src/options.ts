import type { MessageRegistry } from '@starborn/contracts';
import type { RedisOptions } from 'ioredis';

export interface RedisConnectionOptions {
  /** redis://host:port/db */
  url: string;
  /** Key prefix for every queue and channel, so several deployments (or test runs) share one Redis. */
  prefix: string;
  redisOptions?: RedisOptions;
}

export interface RetryPolicy {
  /** Attempts before an event job is left failed for an operator (default 100: hours of retrying). */
  attempts: number;
  /** First retry delay; each following one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_EVENT_RETRY: RetryPolicy = { attempts: 100, baseDelayMs: 1_000, maxDelayMs: 300_000 };

export interface BullMqServerOptions extends RedisConnectionOptions {
  /** The service whose command and event queues this server consumes. */
  service: string;
  registry: MessageRegistry;
  /** Commands handled at once per instance. */
  concurrency?: number;
  eventConcurrency?: number;
  eventRetry?: RetryPolicy;
}

export interface BullMqClientOptions extends RedisConnectionOptions {
  registry: MessageRegistry;
  /** Default wait for a reply. */
  timeoutMs?: number;
  eventRetry?: RetryPolicy;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
