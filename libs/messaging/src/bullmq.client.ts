import { Logger } from '@nestjs/common';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import {
  ErrorCodes,
  QueueNames,
  replyChannel,
  type CommandName,
  type EventName,
  type MessageRegistry,
  type PayloadOf,
  type ReplyOf,
} from '@starborn/contracts';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { EVENT_BACKOFF } from './backoff.js';
import { outgoingMeta } from './correlation.js';
import { RemoteError } from './errors.js';
import { deleteKeysNaming, purgeJobRecords, type JobRecordMatch } from './job-records.js';
import { DEFAULT_EVENT_RETRY, DEFAULT_REQUEST_TIMEOUT_MS, type BullMqClientOptions } from './options.js';
import { coalesceWrites, createRedisConnection } from './redis.js';
import {
  decodeReply,
  type CommandEnvelope,
  type DecodedReply,
  type EventEnvelope,
  type JsonText,
  type MessageMeta,
} from './wire.js';

export interface RequestOptions {
  timeoutMs?: number;
  meta?: MessageMeta;
}

export interface PublishOptions {
  /** A natural id (e.g. the payment intent id): emitting the same event twice delivers it once. */
  eventId?: string;
  meta?: MessageMeta;
  /**
   * The event's job records go as soon as each subscriber has handled it, instead of being kept for
   * the deduplication window: for an event that must not outlive its handling (user.deleted).
   */
  forgetOnceHandled?: boolean;
}

/**
 * How long finished event jobs are kept. A completed one is kept for a day so that emitting the same
 * event id again within it is a no-op; a failed one (after its retries) a few days for an operator.
 * The counts bound each queue under load. docs/security/account-deletion.md gives the figures.
 */
export const EVENT_RETENTION = {
  removeOnComplete: { age: 24 * 3600, count: 50_000 },
  removeOnFail: { age: 3 * 24 * 3600, count: 5_000 },
} as const;

interface PendingRequest {
  /** The reply's data as JSON text (undefined when the handler answered nothing). */
  resolve: (json: string | undefined) => void;
  reject: (error: RemoteError) => void;
  timer: NodeJS.Timeout;
}

/**
 * The client side of the BullMQ transport, typed by a message registry.
 * `request` puts a command on the owning service's queue and waits for the reply on this instance's
 * own pub/sub channel; `emitEvent` adds one durable job per subscribing service. Nest's `send` and
 * `emit` work too and go through the same paths.
 */
export class BullMqClient<R extends MessageRegistry = MessageRegistry> extends ClientProxy {
  private readonly log = new Logger('BullMqClient');
  private readonly clientId = randomUUID();
  private readonly channel: string;
  private readonly pending = new Map<string, PendingRequest>();
  private readonly queues = new Map<string, Queue>();
  private connection?: Redis;
  private subscriber?: Redis;
  private connecting?: Promise<void>;

  constructor(private readonly options: BullMqClientOptions & { registry: R }) {
    super();
    this.channel = replyChannel(options.prefix, this.clientId);
  }

  /** Send a command and wait for its typed reply; rejects with a RemoteError carrying `{status, code, message}`. */
  async request<K extends CommandName<R>>(
    name: K,
    payload: PayloadOf<R, K>,
    options: RequestOptions = {},
  ): Promise<ReplyOf<R, K>> {
    const json = await this.sendRequest(name, payload, options);
    return (json === undefined ? undefined : JSON.parse(json)) as ReplyOf<R, K>;
  }

  /**
   * As request, but answers the reply as the JSON text the service sent, never parsed here: for a
   * caller that hands the reply on unchanged (an HTTP answer), so it is neither parsed nor serialised
   * again. A reply without data is `null`.
   */
  async requestJson<K extends CommandName<R>>(
    name: K,
    payload: PayloadOf<R, K>,
    options: RequestOptions = {},
  ): Promise<JsonText<ReplyOf<R, K>>> {
    return (await this.sendRequest(name, payload, options)) ?? 'null';
  }

  /** Puts the command on its service's queue; answers the reply's data as JSON text. */
  private async sendRequest<K extends CommandName<R>>(
    name: K,
    payload: PayloadOf<R, K>,
    options: RequestOptions,
  ): Promise<string | undefined> {
    const definition = this.options.registry[name];
    if (definition?.kind !== 'command') throw new Error(`"${name}" is not a command of the registry`);
    await this.connect();
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const id = randomUUID();
    const envelope: CommandEnvelope = {
      id,
      replyTo: this.channel,
      deadline: Date.now() + timeoutMs,
      data: payload,
      meta: outgoingMeta(options.meta),
    };
    const queue = this.queue(QueueNames.commands(definition.service));
    return new Promise<string | undefined>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        // Best effort: take the command back so it does not run after the caller gave up.
        queue.remove(id).catch(() => undefined);
        reject(
          new RemoteError({
            status: 503,
            code: ErrorCodes.SERVICE_TIMEOUT,
            message: `The ${definition.service} service is not responding right now. Please try again in a moment.`,
          }),
        );
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      queue
        .add(name, envelope, { jobId: id, removeOnComplete: true, removeOnFail: { age: 3600 } })
        .catch((error: Error) =>
          this.settle({ id, ok: false, error: unavailable(definition.service, error) }),
        );
    });
  }

  /** Emit a durable event: one job per subscriber, retried with backoff until its handler succeeds. */
  async emitEvent<K extends EventName<R>>(
    name: K,
    payload: PayloadOf<R, K>,
    options: PublishOptions = {},
  ): Promise<string> {
    const definition = this.options.registry[name];
    if (definition?.kind !== 'event') throw new Error(`"${name}" is not an event of the registry`);
    const eventId = options.eventId ?? randomUUID();
    if (eventId.includes(':')) throw new Error('Event ids may not contain ":"');
    await this.connect();
    const retry = this.options.eventRetry ?? DEFAULT_EVENT_RETRY;
    const envelope: EventEnvelope = { id: eventId, data: payload, meta: outgoingMeta(options.meta) };
    await Promise.all(
      definition.subscribers.map((subscriber) =>
        this.queue(QueueNames.events(subscriber)).add(name, envelope, {
          // Same id, same job: a second emit of one event is a no-op while the first is kept.
          jobId: `${name}.${eventId}`,
          attempts: retry.attempts,
          backoff: { type: EVENT_BACKOFF },
          ...EVENT_RETENTION,
          ...(options.forgetOnceHandled ? { removeOnComplete: true } : {}),
        }),
      ),
    );
    return eventId;
  }

  /**
   * Removes every job record and queue event entry under this bus's prefix that holds one of the
   * subject's identifiers (see purgeJobRecords): part of deleting an account.
   */
  async purgeJobRecords(match: JobRecordMatch): Promise<{ jobs: number; streamEntries: number }> {
    await this.connect();
    return purgeJobRecords(this.connection!, this.options.prefix, match);
  }

  /**
   * Deletes the keys under this bus's prefix, outside the queues, whose name holds one of the ids (see
   * deleteKeysNaming): the per-user counters and markers of a deleted account.
   */
  async deleteKeysNaming(ids: string[]): Promise<number> {
    await this.connect();
    return deleteKeysNaming(this.connection!, this.options.prefix, ids);
  }

  async connect(): Promise<void> {
    this.connecting ??= this.open();
    return this.connecting;
  }

  async close(): Promise<void> {
    for (const request of this.pending.values()) clearTimeout(request.timer);
    this.pending.clear();
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    await Promise.all([
      this.subscriber?.quit().catch(() => undefined),
      this.connection?.quit().catch(() => undefined),
    ]);
    this.connecting = undefined;
  }

  unwrap<T>(): T {
    return this.connection as T;
  }

  /** How many requests are waiting for a reply (for metrics and tests). */
  get inFlight(): number {
    return this.pending.size;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    this.request(packet.pattern as CommandName<R>, packet.data).then(
      (response) => callback({ response, isDisposed: true }),
      (err: RemoteError) => callback({ err: err.toShape(), isDisposed: true }),
    );
    return () => undefined;
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    return (await this.emitEvent(packet.pattern as EventName<R>, packet.data)) as T;
  }

  private async open(): Promise<void> {
    this.connection = coalesceWrites(createRedisConnection(this.options, 'client'));
    this.subscriber = createRedisConnection(this.options, 'client:replies');
    this.subscriber.on('message', (_channel: string, message: string) => this.onReply(message));
    await this.subscriber.subscribe(this.channel);
  }

  private onReply(message: string): void {
    try {
      this.settle(decodeReply(message));
    } catch (error) {
      this.log.error(`Unreadable reply: ${(error as Error).message}`);
    }
  }

  private settle(reply: DecodedReply): void {
    const request = this.pending.get(reply.id);
    if (!request) return; // already timed out
    this.pending.delete(reply.id);
    clearTimeout(request.timer);
    if (reply.ok) request.resolve(reply.json);
    else request.reject(new RemoteError(reply.error));
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection!, prefix: this.options.prefix });
      queue.on('error', (error) => this.log.error(`Queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }
}

function unavailable(service: string, error: Error) {
  return {
    status: 503,
    code: ErrorCodes.SERVICE_UNAVAILABLE,
    message: `The ${service} service cannot be reached right now (${error.message}). Please try again in a moment.`,
  };
}
