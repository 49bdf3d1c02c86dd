/**
 * For the chapter worker's tests: puts `generation.chapter` jobs on the queue as the storybook
 * service does (through the messaging library's JobQueue, so with the queue's attempts and backoff),
 * and stands in for the storybook service on the receiving end: a BullMQ worker on the storybook
 * events queue records every event delivered there, and one on its command queue answers
 * `storybook.story-context` from those events as storybook would (the newest plan, the chapters
 * written before).
 */
import {
  chapterGenerationJobId,
  JobQueues,
  QueueNames,
  type ChapterGeneratedEvent,
  type ChapterGenerationFailedEvent,
  type ChapterGenerationJob,
  type StoryContextDto,
  type StoryContextQuery,
} from '@starborn/contracts';
import {
  createRedisConnection,
  encodeReply,
  JobQueue,
  type CommandEnvelope,
  type EventEnvelope,
} from '@starborn/messaging';
import { eventually, TEST_REDIS_URL } from '@starborn/testing';
import { Queue, Worker, type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface DeliveredEvent<T> {
  /** The event's name, e.g. 'chapter.generated'. */
  name: string;
  /** The event id the emitter gave it. */
  id: string;
  data: T;
}

type ChapterEvent = DeliveredEvent<ChapterGeneratedEvent> | DeliveredEvent<ChapterGenerationFailedEvent>;

/** The job of the chapter after `job`'s, carrying what was written in it, as the storybook service does. */
export function nextChapterJob(
  job: ChapterGenerationJob,
  written: { title: string; summary: string },
): ChapterGenerationJob {
  return {
    ...job,
    chapterNumber: job.chapterNumber + 1,
    previousChapter: { chapterNumber: job.chapterNumber, title: written.title, summary: written.summary },
  };
}

/** A chapter job for a new storybook; override what the test is about. */
export function chapterJob(
  heroId: string,
  overrides: Partial<ChapterGenerationJob> = {},
): ChapterGenerationJob {
  return {
    storyBookId: randomUUID(),
    heroId,
    chapterNumber: 1,
    chaptersTotalCount: 10,
    previousChapter: null,
    attempt: 1,
    ...overrides,
  };
}

export class ChapterTestBench {
  readonly events: ChapterEvent[] = [];
  private readonly producer: JobQueue<ChapterGenerationJob>;
  private readonly inspector: Queue;
  private readonly inspectorConnection: Redis;
  private readonly receiverConnection: Redis;
  private readonly receiver: Worker;
  private readonly commandsConnection: Redis;
  private readonly repliesConnection: Redis;
  private readonly commands: Worker;
  /** How many times the writer asked for the story so far. */
  contextRequests = 0;

  constructor(prefix: string) {
    const options = { url: TEST_REDIS_URL, prefix };
    this.producer = new JobQueue<ChapterGenerationJob>(JobQueues.chapterGeneration, options);
    this.inspectorConnection = createRedisConnection(options, 'test:chapter-jobs');
    this.inspector = new Queue(JobQueues.chapterGeneration.name, {
      connection: this.inspectorConnection,
      prefix,
    });
    this.receiverConnection = createRedisConnection(options, 'test:storybook-events');
    this.receiver = new Worker(
      QueueNames.events('storybook'),
      async (job: Job<EventEnvelope>) => {
        this.events.push({ name: job.name, id: job.data.id, data: job.data.data } as ChapterEvent);
      },
      { connection: this.receiverConnection, prefix },
    );
    this.commandsConnection = createRedisConnection(options, 'test:storybook-commands');
    this.repliesConnection = createRedisConnection(options, 'test:storybook-replies');
    this.commands = new Worker(
      QueueNames.commands('storybook'),
      async (job: Job<CommandEnvelope>) => {
        if (job.name !== 'storybook.story-context') return;
        this.contextRequests++;
        const data = this.storyContext(job.data.data as StoryContextQuery);
        await this.repliesConnection.publish(
          job.data.replyTo,
          encodeReply({ id: job.data.id, ok: true, data }),
        );
      },
      { connection: this.commandsConnection, prefix },
    );
  }

  async ready(): Promise<void> {
    await Promise.all([this.receiver.waitUntilReady(), this.commands.waitUntilReady()]);
  }

  /** What storybook would answer: the plan of the newest chapter written, and the chapters before. */
  storyContext({ storyBookId, chapterNumber }: StoryContextQuery): StoryContextDto {
    const written = new Map<number, ChapterGeneratedEvent>();
    for (const event of this.events) {
      if (event.name === 'chapter.generated' && event.data.storyBookId === storyBookId) {
        written.set(event.data.chapterNumber, event.data as ChapterGeneratedEvent);
      }
    }
    const chapters = [...written.values()].sort((a, b) => a.chapterNumber - b.chapterNumber);
    return {
      storyPlan: chapters.findLast((chapter) => chapter.storyPlan)?.storyPlan ?? null,
      previousChapters: chapters
        .filter((chapter) => chapter.chapterNumber < chapterNumber)
        .map(({ chapterNumber: number, title, summary }) => ({ chapterNumber: number, title, summary })),
    };
  }

  /** Enqueues a job under its deterministic id, as the storybook service does. */
  async enqueue(job: ChapterGenerationJob): Promise<void> {
    await this.producer.add(job, chapterGenerationJobId(job));
  }

  job(job: ChapterGenerationJob): Promise<Job | undefined> {
    return this.inspector.getJob(chapterGenerationJobId(job));
  }

  /** The first event of that name about this job's chapter, once it has arrived. */
  generated(job: ChapterGenerationJob, timeoutMs = 15_000): Promise<DeliveredEvent<ChapterGeneratedEvent>> {
    return this.arrival('chapter.generated', job, timeoutMs) as Promise<
      DeliveredEvent<ChapterGeneratedEvent>
    >;
  }

  failed(
    job: ChapterGenerationJob,
    timeoutMs = 15_000,
  ): Promise<DeliveredEvent<ChapterGenerationFailedEvent>> {
    return this.arrival('chapter.generation-failed', job, timeoutMs) as Promise<
      DeliveredEvent<ChapterGenerationFailedEvent>
    >;
  }

  /** Enqueues the job and answers the chapter it was written into, once announced. */
  async write(job: ChapterGenerationJob): Promise<ChapterGeneratedEvent> {
    await this.enqueue(job);
    return (await this.generated(job)).data;
  }

  /**
   * Checks that the job failed for good at its first attempt, without a retry, and was announced
   * once, as chapter.generation-failed with `failure` under the job's failure event id.
   */
  async expectFailedAtOnce(
    job: ChapterGenerationJob,
    failure: { quotaExceeded: boolean; reason: unknown },
  ): Promise<void> {
    const event = await this.failed(job);
    expect(event.id).toBe(`chapter.${job.storyBookId}.${job.chapterNumber}.${job.attempt}.failed`);
    expect(event.data).toMatchObject({
      storyBookId: job.storyBookId,
      chapterNumber: job.chapterNumber,
      attempt: job.attempt,
      ...failure,
    });
    const queued = await this.job(job);
    expect(await queued?.getState()).toBe('failed');
    expect(queued?.attemptsMade).toBe(1);
    expect(this.eventsAbout(job).map((delivered) => delivered.name)).toEqual(['chapter.generation-failed']);
  }

  /**
   * The job's subject is gone (a deleted account): the job fails for good without telling anyone, and
   * its record goes (it names the deleted subject).
   */
  async expectGivenUp(job: ChapterGenerationJob): Promise<void> {
    await eventually(async () => (await this.job(job)) === undefined, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(this.eventsAbout(job)).toEqual([]);
  }

  /** Every event received about this job's chapter. */
  eventsAbout(job: ChapterGenerationJob): ChapterEvent[] {
    return this.events.filter(
      (event) =>
        event.data.storyBookId === job.storyBookId &&
        event.data.chapterNumber === job.chapterNumber &&
        event.data.attempt === job.attempt,
    );
  }

  async close(): Promise<void> {
    await this.commands.close();
    await this.receiver.close();
    await this.inspector.close();
    await this.producer.close();
    await Promise.all(
      [
        this.receiverConnection,
        this.inspectorConnection,
        this.commandsConnection,
        this.repliesConnection,
      ].map((connection) => connection.quit().catch(() => undefined)),
    );
  }

  private async arrival(name: string, job: ChapterGenerationJob, timeoutMs: number): Promise<ChapterEvent> {
    // eventually() resolves only with a value that is there.
    return (await eventually(() => this.eventsAbout(job).find((event) => event.name === name), timeoutMs))!;
  }
}
