import { AsyncLocalStorage } from 'node:async_hooks';
import type { Job, JobsOptions } from 'bullmq';
import type { MessageMeta } from './wire.js';

/**
 * The message context of the work in progress (correlation id, user id). The gateway opens it for
 * each HTTP request; the BullMQ server and job workers reopen it around every handler from the
 * message or job that caused it, and every command, event and job sent meanwhile carries it on,
 * so one user action keeps one correlation id across services, jobs and log lines.
 */
const storage = new AsyncLocalStorage<MessageMeta>();

/** The context of the code running now, if any. */
export function currentMeta(): MessageMeta | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it starts) inside `meta`. */
export function runWithMeta<T>(meta: MessageMeta, fn: () => T): T {
  return storage.run(meta, fn);
}

/** What to send with a message: the current context, overridden by what the caller gives. */
export function outgoingMeta(given?: MessageMeta): MessageMeta | undefined {
  const current = storage.getStore();
  if (!current) return given;
  if (!given) return current;
  const merged: MessageMeta = { ...current };
  for (const [key, value] of Object.entries(given) as [keyof MessageMeta, string | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/**
 * Job options that carry the context to the worker. BullMQ keeps producer context for its workers
 * in the job's telemetry metadata (a string stored beside the job, outside its payload), so payloads
 * stay the ids the contracts declare.
 */
export function metaJobOptions(meta: MessageMeta | undefined): Pick<JobsOptions, 'telemetry'> {
  if (!meta || Object.keys(meta).length === 0) return {};
  return { telemetry: { metadata: JSON.stringify({ starborn: meta }) } };
}

/** The context a job was added in (see metaJobOptions); the job's own id when it carries none. */
export function jobMeta(job: Job): MessageMeta {
  const raw = job.opts?.telemetry?.metadata;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as { starborn?: MessageMeta };
      if (parsed.starborn && typeof parsed.starborn === 'object') return sanitize(parsed.starborn);
    } catch {
      // not ours (e.g. an OpenTelemetry propagation context)
    }
  }
  return { correlationId: `job:${job.queueName}:${job.id}` };
}

function sanitize(meta: MessageMeta): MessageMeta {
  const clean: MessageMeta = {};
  if (typeof meta.correlationId === 'string') clean.correlationId = meta.correlationId.slice(0, 200);
  if (typeof meta.userId === 'string') clean.userId = meta.userId.slice(0, 200);
  return clean;
}
