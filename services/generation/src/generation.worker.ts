import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { AiProvider } from '@starborn/ai';
import type {
  CommandName,
  EventName,
  JobQueueDefinition,
  Messages,
  PayloadOf,
  ReplyOf,
} from '@starborn/contracts';
import { MessageBus, QueueWorker, RemoteError, SubjectGoneError } from '@starborn/messaging';
import { UnrecoverableError, type Job } from 'bullmq';
import { failJobForAiError, isQuotaFailure } from './ai-failures.js';
import { GENERATION_CONFIG, type GenerationConfig } from './config.js';
import { GenerationQuota } from './generation-quota.js';
import { AI_PROVIDER } from './tokens.js';

/** What a job that failed for good reports, whatever its kind. */
export interface GenerationFailure {
  reason: string;
  quotaExceeded: boolean;
}

/** What sets one kind of generation job apart, given to the worker base once. */
export interface GenerationJobKind<Data, Failed extends EventName<Messages> = EventName<Messages>> {
  queue: JobQueueDefinition<Data>;
  /** Jobs of this kind run at once by one process. */
  concurrency: (config: GenerationConfig) => number;
  /** The id of the events about a job. */
  eventId: (data: Data) => string;
  /** The job in words, for logs ("chapter 2 of storybook …"). */
  describe: (data: Data) => string;
  /** The event announcing a job's final failure, and its payload: the job's subject and the failure. */
  failedEvent: Failed;
  failure: (data: Data, failure: GenerationFailure) => PayloadOf<Messages, Failed>;
}

/** The constructor of a worker that needs nothing more than the base's dependencies. */
export type GenerationWorkerClass<Data> = abstract new (
  bus: MessageBus,
  quota: GenerationQuota,
  ai: AiProvider,
  config: GenerationConfig,
) => GenerationWorker<Data>;

/**
 * The skeleton every generation worker shares; a worker adds only its own steps (what it asks, what it
 * has the AI provider write, what it announces):
 * - the queue's worker with the generation lock and stall settings (GENERATION_LOCK_MS), started with
 *   the module and closed at shutdown after the jobs in flight;
 * - the AI-quota rule: an exhausted quota raises the process's one flag and fails the job for good, a
 *   provider refusal fails it for good too, a success lowers the flag (see `callAi`);
 * - the subject rule: a hero, storybook or room that no longer exists is given up on, not retried
 *   (see `requestSubject`); a worker that stores files asks again before and after each write, and
 *   deletes what it stored once the subject is gone (an account deleted while its hero was painted);
 * - event ids by one rule: every event about a job carries `eventId(job)`, its final failure
 *   `eventId(job).failed`, so a redelivered job announces nothing twice.
 */
export abstract class GenerationWorker<Data>
  extends QueueWorker<Data>
  implements OnModuleInit, OnApplicationShutdown
{
  protected constructor(
    private readonly kind: GenerationJobKind<Data>,
    protected readonly bus: MessageBus,
    protected readonly quota: GenerationQuota,
    protected readonly ai: AiProvider,
    config: GenerationConfig,
  ) {
    super(
      kind.queue,
      { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
      { concurrency: kind.concurrency(config), lockMs: config.GENERATION_LOCK_MS },
    );
  }

  /**
   * The base of a worker of one kind whose dependencies are the base's own: Nest injects them through
   * this constructor, so the worker itself declares none.
   */
  static of<Data, Failed extends EventName<Messages>>(
    kind: GenerationJobKind<Data, Failed>,
  ): GenerationWorkerClass<Data> {
    @Injectable()
    abstract class KindWorker extends GenerationWorker<Data> {
      constructor(
        bus: MessageBus,
        quota: GenerationQuota,
        @Inject(AI_PROVIDER) ai: AiProvider,
        @Inject(GENERATION_CONFIG) config: GenerationConfig,
      ) {
        super(kind, bus, quota, ai, config);
      }
    }
    return KindWorker;
  }

  /** The id of the events about this job. */
  protected eventId(data: Data): string {
    return this.kind.eventId(data);
  }

  /** The job in words, for logs. */
  protected describe(data: Data): string {
    return this.kind.describe(data);
  }

  /** Does the job's own steps; answers what was done, for the log line that times the job. */
  protected abstract run(data: Data): Promise<string>;

  /** Does one job and logs how long it took (the queue's worker calls it; a unit test may too). */
  async process(job: Job<Data>): Promise<void> {
    const started = performance.now();
    const done = await this.run(job.data);
    this.logger.log(`${done} in ${Math.round(performance.now() - started)} ms`);
  }

  onModuleInit(): void {
    this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    // Lets the jobs in flight finish; nothing new is taken meanwhile.
    await this.close();
  }

  /**
   * Asks the service that owns the job's subject (`what`, e.g. "hero 42"). A 404 means the subject is
   * gone (deleted meanwhile): retrying cannot bring it back, so the job fails for good at once; nobody
   * is told and its record goes (SubjectGoneError), unless `announce` (a subject that is closed rather
   * than deleted, whose owner still waits for the failure). `onGone` deletes what the job stored of it.
   */
  protected async requestSubject<K extends CommandName<Messages>>(
    what: string,
    pattern: K,
    payload: PayloadOf<Messages, K>,
    { onGone, announce = false }: { onGone?: () => Promise<unknown>; announce?: boolean } = {},
  ): Promise<ReplyOf<Messages, K>> {
    try {
      return await this.bus.request(pattern, payload);
    } catch (error) {
      if (error instanceof RemoteError && error.status === 404) {
        // What an earlier attempt (or this one) stored of the subject goes with it.
        if (onGone) await onGone();
        throw announce ? new UnrecoverableError(`${what} not found`) : new SubjectGoneError(what);
      }
      throw error;
    }
  }

  /** Runs the job's AI call under the quota rule (see the class comment). */
  protected async callAi<T>(call: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await call();
    } catch (error) {
      return failJobForAiError(error, this.quota);
    }
    await this.quota.clear();
    return result;
  }

  /** The success event's options: the job's event id. */
  protected eventOptions(data: Data): { eventId: string } {
    return { eventId: this.eventId(data) };
  }

  protected override async onFinalFailure(data: Data, error: Error): Promise<void> {
    this.logger.warn(`${this.describe(data)} failed for good: ${error.message}`);
    const failure = { reason: error.message, quotaExceeded: isQuotaFailure(error) };
    await this.bus
      .emitEvent(this.kind.failedEvent, this.kind.failure(data, failure), {
        eventId: `${this.eventId(data)}.failed`,
      })
      .catch((emitError: Error) =>
        this.logger.error(`Could not report the failure of ${this.describe(data)}: ${emitError.message}`),
      );
  }
}
