import { Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import { QueueNames, patternsServedBy } from '@starborn/contracts';
import { Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { isObservable, lastValueFrom } from 'rxjs';
import { cappedExponentialDelay } from './backoff.js';
import { BullMqContext } from './context.js';
import { runWithMeta } from './correlation.js';
import { toErrorShape } from './errors.js';
import { measureJob, trackWorker } from './metrics.js';
import { DEFAULT_EVENT_RETRY, type BullMqServerOptions } from './options.js';
import { coalesceWrites, createRedisConnection } from './redis.js';
import { encodeReply, type CommandEnvelope, type EventEnvelope, type ReplyEnvelope } from './wire.js';

/**
 * The server side of the BullMQ transport. Each service consumes its own command queue (one job is
 * taken by exactly one instance, however many run) and its own event queue (every subscribing service
 * has one, so an event reaches each of them durably, even one that is down when it is emitted).
 */
export class BullMqServer extends Server implements CustomTransportStrategy {
  private readonly log: Logger;
  private connection?: Redis;
  private workers: Worker[] = [];

  constructor(private readonly options: BullMqServerOptions) {
    super();
    this.log = new Logger(`BullMqServer:${options.service}`);
  }

  /** Two handlers for one name would leave it to chance which one runs: refuse. */
  override addHandler(pattern: unknown, callback: MessageHandler, isEventHandler = false, extras = {}): void {
    const name = this.normalizePattern(pattern as string);
    if (this.messageHandlers.has(name)) {
      throw new Error(`Service "${this.options.service}" has two handlers for "${name}"`);
    }
    super.addHandler(pattern, callback, isEventHandler, extras);
  }

  listen(callback: (error?: unknown) => void): void {
    try {
      this.assertHandlersMatchRegistry();
    } catch (error) {
      callback(error);
      return;
    }
    this.start().then(
      () => callback(),
      (error) => callback(error),
    );
  }

  async close(): Promise<void> {
    // Worker.close() lets jobs in flight finish before resolving.
    await Promise.all(this.workers.map((worker) => worker.close()));
    this.workers = [];
    await this.connection?.quit().catch(() => undefined);
  }

  on(): never {
    throw new Error('BullMqServer does not support event listeners');
  }

  unwrap<T>(): T {
    return this.workers as T;
  }

  /** A service must serve exactly the messages the registry assigns to it. */
  private assertHandlersMatchRegistry(): void {
    const { registry, service } = this.options;
    const required = new Set(patternsServedBy(registry, service));
    const registered = [...this.messageHandlers.keys()];
    const missing = [...required].filter((name) => !this.messageHandlers.has(name));
    const unknown = registered.filter((name) => !required.has(name));
    if (missing.length > 0) {
      throw new Error(`Service "${service}" has no handler for: ${missing.join(', ')}`);
    }
    if (unknown.length > 0) {
      throw new Error(
        `Service "${service}" handles messages the registry does not assign to it: ${unknown.join(', ')}`,
      );
    }
  }

  private async start(): Promise<void> {
    const { registry, service, prefix } = this.options;
    // Replies, completions and fetches of the jobs in hand leave together (see coalesceWrites).
    const connection = coalesceWrites(createRedisConnection(this.options, `${service}:worker`));
    this.connection = connection;
    const kinds = new Set(patternsServedBy(registry, service).map((name) => registry[name].kind));
    const retry = this.options.eventRetry ?? DEFAULT_EVENT_RETRY;
    const worker = (
      queue: string,
      process: (job: Job) => Promise<void>,
      options: Omit<WorkerOptions, 'connection' | 'prefix'>,
    ) => new Worker(queue, process, { ...options, connection, prefix });

    if (kinds.has('command')) {
      this.workers.push(
        worker(QueueNames.commands(service), (job) => this.handleCommand(job), {
          concurrency: this.options.concurrency ?? 64,
        }),
      );
    }
    if (kinds.has('event')) {
      this.workers.push(
        worker(QueueNames.events(service), (job) => this.handleEventJob(job), {
          concurrency: this.options.eventConcurrency ?? 8,
          settings: {
            backoffStrategy: (attemptsMade: number) => cappedExponentialDelay(attemptsMade, retry),
          },
        }),
      );
    }
    for (const worker of this.workers) {
      trackWorker(worker, prefix);
      worker.on('error', (error) => this.log.error(`Worker error: ${error.message}`));
      await worker.waitUntilReady();
    }
  }

  private async handleCommand(job: Job<CommandEnvelope>): Promise<void> {
    const envelope = job.data;
    const meta = { ...envelope.meta, correlationId: envelope.meta?.correlationId ?? envelope.id };
    return runWithMeta(meta, () => measureJob(job.queueName, job, () => this.runCommand(job, meta)));
  }

  private async runCommand(job: Job<CommandEnvelope>, meta: CommandEnvelope['meta'] & object): Promise<void> {
    const envelope = job.data;
    if (Date.now() > envelope.deadline) {
      // The caller has already answered its user with a timeout; running the command now would
      // change state behind that answer.
      this.log.warn(`Dropped expired command ${job.name} (${envelope.id})`);
      return;
    }
    let reply: ReplyEnvelope;
    try {
      const data = await this.invoke(job, envelope.data, meta);
      reply = { id: envelope.id, ok: true, data };
    } catch (error) {
      reply = { id: envelope.id, ok: false, error: toErrorShape(error) };
    }
    this.publishReply(envelope.replyTo, encodeReply(reply));
  }

  /**
   * Publishes a reply on the worker's own connection without waiting for Redis to acknowledge it:
   * BullMQ marks the job completed right after the handler returns, before any other I/O, so the
   * reply and that command leave in one write (coalesceWrites) instead of two round trips. The caller waits
   * for the reply, not for the acknowledgement; a reply that cannot be published is logged (the
   * caller's timeout answers it).
   */
  private publishReply(channel: string, message: string): void {
    this.connection!.publish(channel, message).catch((error: Error) =>
      this.log.error(`Reply to ${channel} not sent: ${error.message}`),
    );
  }

  /** An event handler that throws fails the job, and BullMQ retries it with the capped backoff. */
  private async handleEventJob(job: Job<EventEnvelope>): Promise<void> {
    const meta = { ...job.data.meta, correlationId: job.data.meta?.correlationId ?? `event:${job.data.id}` };
    return runWithMeta(meta, () => measureJob(job.queueName, job, () => this.runEvent(job, meta)));
  }

  private async runEvent(job: Job<EventEnvelope>, meta: EventEnvelope['meta'] & object): Promise<void> {
    try {
      await this.invoke(job, job.data.data, meta);
    } catch (error) {
      const shape = toErrorShape(error);
      this.log.warn(
        `Event ${job.name} (${job.data.id}) failed on attempt ${job.attemptsMade + 1}: ${shape.message}`,
      );
      throw new Error(shape.message, { cause: error });
    }
  }

  private async invoke(job: Job, data: unknown, meta: CommandEnvelope['meta'] & object): Promise<unknown> {
    // A plain map lookup: Nest's getHandlerByPattern tries JSON.parse on every name first.
    const handler = this.messageHandlers.get(job.name);
    if (!handler) {
      // Unreachable after assertHandlersMatchRegistry, unless another build shares the queue.
      throw { status: 501, code: 'NO_HANDLER', message: `No handler for ${job.name}` };
    }
    const result = await handler(data, new BullMqContext([job, meta]));
    return isObservable(result) ? lastValueFrom(result, { defaultValue: undefined }) : result;
  }
}
