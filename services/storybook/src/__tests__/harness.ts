/**
 * The storybook service in this process on its own PostgreSQL database and Redis prefix, with a
 * ManualClock, plus the neighbours it talks to, faked at the wire: a chapter writer consuming
 * `generation.chapter` and an illustrator consuming `generation.illustration` (standing in for the
 * generation workers) and a payments service answering `payments.list-succeeded`. Events are sent
 * through the real transport.
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import {
  JobQueues,
  QueueNames,
  type ChapterGenerationJob,
  type ChapterIllustrationJob,
  type PaymentIntentDto,
  type PaymentStatus,
  type StoryBookView,
  type StoryContextDto,
} from '@starborn/contracts';
import { createRedisConnection, MessageBus } from '@starborn/messaging';
import { Clock, createServiceApp, ManualClock } from '@starborn/runtime';
import {
  deleteRedisPrefix,
  eventually,
  testDatabase,
  testRedisPrefix,
  TEST_REDIS_URL,
} from '@starborn/testing';
import { afterAll, beforeAll, jest } from '@jest/globals';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { StorybookModule } from '../storybook.module.js';
import type { StorybookRow } from '../storybooks/storybook.queries.js';

export type WriterMode = 'write' | 'fail' | 'hold';

/**
 * Writes every chapter it is asked for (or fails it, or sits on it), through the real events. Like the
 * real writer it asks storybook for the story so far first, and hands back a plan document (which
 * counts the chapters it planned) and the chapter's scene.
 */
export class FakeChapterWriter {
  readonly jobs: ChapterGenerationJob[] = [];
  /** What storybook answered to each `storybook.story-context` the writer asked, by job. */
  readonly contexts: { job: ChapterGenerationJob; context: StoryContextDto }[] = [];
  mode: WriterMode = 'write';
  /** Per chapter number, overrides `mode`. */
  readonly modeFor = new Map<number, WriterMode>();
  private worker?: Worker<ChapterGenerationJob>;
  private connection?: Redis;

  constructor(
    private readonly bus: MessageBus,
    private readonly prefix: string,
  ) {}

  start(): void {
    this.connection = createRedisConnection({ url: TEST_REDIS_URL, prefix: this.prefix }, 'fake-writer');
    this.worker = new Worker<ChapterGenerationJob>(
      JobQueues.chapterGeneration.name,
      (job) => this.write(job),
      {
        connection: this.connection,
        prefix: this.prefix,
        concurrency: 8,
      },
    );
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }

  asked(storyBookId: string): ChapterGenerationJob[] {
    return this.jobs.filter((job) => job.storyBookId === storyBookId);
  }

  private async write(job: Job<ChapterGenerationJob>): Promise<void> {
    const data = job.data;
    this.jobs.push(data);
    const mode = this.modeFor.get(data.chapterNumber) ?? this.mode;
    const eventId = `${data.storyBookId}.${data.chapterNumber}.${data.attempt}`;
    if (mode === 'hold') return;
    if (mode === 'write') {
      const context = await this.bus.request('storybook.story-context', {
        storyBookId: data.storyBookId,
        chapterNumber: data.chapterNumber,
      });
      this.contexts.push({ job: data, context });
      const planned = Number(context.storyPlan?.chaptersPlanned ?? 0) + 1;
      await this.bus.emitEvent(
        'chapter.generated',
        {
          ...ref(data),
          title: `Chapter ${data.chapterNumber}`,
          content: `# Chapter ${data.chapterNumber}\n\nThe story goes on (attempt ${data.attempt}).`,
          summary: `Summary of chapter ${data.chapterNumber}`,
          provider: 'fake',
          storyPlan: { version: 1, chaptersPlanned: planned, cast: FAKE_CAST },
          scene: { place: `Place ${data.chapterNumber}`, landscape: 'forest', companions: ['Wren'] },
        },
        { eventId },
      );
      return;
    }
    if (mode === 'fail') {
      await this.bus.emitEvent(
        'chapter.generation-failed',
        { ...ref(data), reason: 'quota_exceeded: test', quotaExceeded: true },
        { eventId: `${eventId}.failed` },
      );
    }
  }
}

/** The cast of every fake plan: what the illustration jobs carry. */
export const FAKE_CAST = [
  { name: 'Wren', kind: 'a red fox', role: 'companion' },
  { name: 'Maud', kind: 'an old cartographer', role: 'mentor' },
];

export type IllustratorMode = 'draw' | 'fail' | 'hold';

/** Illustrates every chapter it is asked for (or fails it, or sits on it), through the real events. */
export class FakeIllustrator {
  readonly jobs: ChapterIllustrationJob[] = [];
  mode: IllustratorMode = 'draw';
  private worker?: Worker<ChapterIllustrationJob>;
  private connection?: Redis;

  constructor(
    private readonly bus: MessageBus,
    private readonly prefix: string,
  ) {}

  start(): void {
    this.connection = createRedisConnection({ url: TEST_REDIS_URL, prefix: this.prefix }, 'fake-illustrator');
    this.worker = new Worker<ChapterIllustrationJob>(
      JobQueues.chapterIllustration.name,
      (job) => this.draw(job.data),
      { connection: this.connection, prefix: this.prefix, concurrency: 8 },
    );
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }

  asked(storyBookId: string): ChapterIllustrationJob[] {
    return this.jobs.filter((job) => job.storyBookId === storyBookId);
  }

  private async draw(job: ChapterIllustrationJob): Promise<void> {
    this.jobs.push(job);
    const eventId = `illustration.${job.storyBookId}.${job.chapterNumber}.${job.attempt}`;
    const base = `storybooks/${job.storyBookId}/chapters/${job.chapterNumber}`;
    if (this.mode === 'hold') return;
    if (this.mode === 'fail') {
      await this.bus.emitEvent(
        'chapter.illustration-failed',
        { ...ref(job), reason: 'the painter slipped', quotaExceeded: false },
        { eventId: `${eventId}.failed` },
      );
      return;
    }
    await this.bus.emitEvent(
      'chapter.illustrated',
      {
        ...ref(job),
        fullKey: `${base}/full`,
        previewKey: `${base}/preview`,
        width: 1200,
        height: 800,
        alt: `Picture of chapter ${job.chapterNumber} (attempt ${job.attempt})`,
        provider: 'fake',
      },
      { eventId },
    );
  }
}

const ref = (job: { storyBookId: string; chapterNumber: number; attempt: number }) => ({
  storyBookId: job.storyBookId,
  chapterNumber: job.chapterNumber,
  attempt: job.attempt,
});

/** Answers `payments.list-succeeded` from a table the test fills (counts the questions) and `payments.refund`. */
export class FakePayments {
  readonly succeeded: PaymentIntentDto[] = [];
  readonly refunds: string[] = [];
  /** When set, payments.refund fails (payments unavailable). */
  refundsFail = false;
  asked = 0;
  private worker?: Worker;
  private publisher?: Redis;
  private connection?: Redis;

  constructor(private readonly prefix: string) {}

  start(): void {
    const options = { url: TEST_REDIS_URL, prefix: this.prefix };
    this.publisher = createRedisConnection(options, 'fake-payments:replies');
    this.worker = new Worker(
      QueueNames.commands('payments'),
      async (job) => {
        const envelope = job.data as {
          id: string;
          replyTo: string;
          data: { userId: string; heroId: string };
        };
        let reply: unknown;
        if (job.name === 'payments.list-succeeded') {
          this.asked++;
          const query = envelope.data;
          const data = this.succeeded.filter(
            (p) => p.heroId === query.heroId && this.owner.get(p.id) === query.userId,
          );
          reply = { id: envelope.id, ok: true, data };
        } else if (job.name === 'payments.refund' && !this.refundsFail) {
          const { paymentIntentId } = envelope.data as unknown as { paymentIntentId: string };
          this.refunds.push(paymentIntentId);
          reply = { id: envelope.id, ok: true, data: { id: paymentIntentId, status: 'refunded' } };
        } else {
          reply = {
            id: envelope.id,
            ok: false,
            error: { status: 501, code: 'NO_HANDLER', message: job.name },
          };
        }
        await this.publisher!.publish(envelope.replyTo, JSON.stringify(reply));
      },
      {
        connection: (this.connection = createRedisConnection(options, 'fake-payments')),
        prefix: this.prefix,
      },
    );
  }

  private readonly owner = new Map<string, string>();

  /** A chapters payment payments knows about (its event may or may not be sent too). */
  add(
    userId: string,
    heroId: string,
    id = `pi_test_${randomBytes(6).toString('hex')}`,
    amount = 199,
  ): PaymentIntentDto {
    const payment: PaymentIntentDto = {
      id,
      clientSecret: `${id}_secret_x`,
      provider: 'local',
      amount,
      currency: 'usd',
      paymentType: 'chapters',
      heroId,
      status: 'succeeded',
    };
    this.succeeded.push(payment);
    this.owner.set(id, userId);
    return payment;
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.publisher?.quit().catch(() => undefined);
    await this.connection?.quit().catch(() => undefined);
  }
}

/** A whole storybooks row, with the columns the service's own row type leaves out. */
export interface StoryRow extends StorybookRow {
  premium_at: Date | null;
  chapters_unlocked_early: number;
}

export const DAY = 24 * 60 * 60 * 1000;

/** The media URL secret the harness's storybook signs with (the gateway would check with the same). */
export const MEDIA_URL_TEST_SECRET = 'storybook-harness-media-secret-0123456789';

/** When a premium story's daily clock starts: its first chapter written, or its promotion if later. */
export function releaseClockStart(story: StoryRow): number {
  return Math.max(story.initial_chapter_generated_at!.getTime(), story.premium_at?.getTime() ?? 0);
}

export class StorybookHarness {
  readonly clock = new ManualClock(new Date('2026-03-01T08:00:00.000Z'));
  readonly database = testDatabase('storybook');
  readonly prefix = testRedisPrefix('storybook');
  app!: INestMicroservice;
  bus!: MessageBus;
  db!: pg.Client;
  writer!: FakeChapterWriter;
  illustrator!: FakeIllustrator;
  payments!: FakePayments;

  constructor(private readonly env: Record<string, string> = {}) {}

  /** The harness of a test file: started before its tests, stopped after them. */
  static forFile(env: Record<string, string> = {}): StorybookHarness {
    const harness = new StorybookHarness(env);
    beforeAll(() => harness.start(), 60_000);
    afterAll(() => harness.stop());
    return harness;
  }

  async start(): Promise<void> {
    await this.startService();
    this.bus = new MessageBus({ url: TEST_REDIS_URL, prefix: this.prefix, timeoutMs: 10_000 });
    this.db = new pg.Client({ connectionString: this.database.url });
    await this.db.connect();
    this.writer = new FakeChapterWriter(this.bus, this.prefix);
    this.writer.start();
    this.illustrator = new FakeIllustrator(this.bus, this.prefix);
    this.illustrator.start();
    this.payments = new FakePayments(this.prefix);
    this.payments.start();
  }

  /** Starts the storybook service (again, after {@link stopService}) on the harness's database and Redis. */
  async startService(): Promise<void> {
    ({ app: this.app } = await createServiceApp({
      service: 'storybook',
      module: StorybookModule,
      env: {
        DATABASE_URL: this.database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: this.prefix,
        LOG_LEVEL: 'silent',
        MEDIA_URL_SECRET: MEDIA_URL_TEST_SECRET,
        ...this.env,
      },
    }));
    // Every service of the app holds this one Clock: it now reads the test's clock.
    jest.spyOn(this.app.get(Clock), 'now').mockImplementation(() => this.clock.now());
    await this.app.listen();
  }

  /** Stops the storybook service alone: its database, Redis and the fakes around it stay. */
  async stopService(): Promise<void> {
    await this.app.close();
  }

  async stop(): Promise<void> {
    await this.writer?.stop();
    await this.illustrator?.stop();
    await this.payments?.stop();
    await this.db?.end();
    await this.bus?.close();
    await this.app?.close();
    await this.database.drop();
    await deleteRedisPrefix(this.prefix);
  }

  get<T>(type: abstract new (...args: any[]) => T): T {
    return this.app.get(type as never) as T;
  }

  newHero() {
    return { heroId: randomBytes(16).toString('hex'), userId: randomUUID() };
  }

  completeHero(hero: { heroId: string; userId: string }, paymentStatus: PaymentStatus = 'unpaid') {
    return this.bus.emitEvent(
      'hero.completed',
      {
        heroId: hero.heroId,
        userId: hero.userId,
        heroName: 'Lyra Vale',
        paymentStatus,
        completedAt: this.clock.now().toISOString(),
      },
      { eventId: `hero.completed.${hero.heroId}` },
    );
  }

  /** payment.succeeded; a chapter pack at the price of a story that is not premium unless told. */
  pay(
    hero: { heroId: string; userId: string },
    paymentType: 'premium_upgrade' | 'chapters',
    id?: string,
    amount = paymentType === 'chapters' ? 199 : 399,
  ) {
    const paymentIntentId = id ?? `pi_test_${randomBytes(6).toString('hex')}`;
    return this.bus
      .emitEvent(
        'payment.succeeded',
        {
          paymentIntentId,
          userId: hero.userId,
          heroId: hero.heroId,
          paymentType,
          amount,
          currency: 'usd',
        },
        { eventId: paymentIntentId },
      )
      .then(() => paymentIntentId);
  }

  async story(heroId: string): Promise<StoryRow | undefined> {
    return (await this.db.query('SELECT * FROM storybook.storybooks WHERE hero_id = $1', [heroId])).rows[0];
  }

  async chapters(storyBookId: string) {
    return (
      await this.db.query(
        'SELECT chapter_number, status, attempt, title, summary FROM storybook.chapters WHERE storybook_id = $1 ORDER BY chapter_number',
        [storyBookId],
      )
    ).rows as { chapter_number: number; status: string; attempt: number; title: string | null }[];
  }

  async credit(paymentIntentId: string) {
    return (
      await this.db.query('SELECT * FROM storybook.chapter_credits WHERE payment_intent_id = $1', [
        paymentIntentId,
      ])
    ).rows[0];
  }

  /** Waits until the story satisfies `check`, and returns it. */
  async storyWhen(
    heroId: string,
    check: (story: StoryRow) => boolean,
    timeoutMs = 10_000,
  ): Promise<StoryRow> {
    return found(async () => {
      const story = await this.story(heroId);
      return story && check(story) ? story : undefined;
    }, timeoutMs);
  }

  /** Waits until chapters 1 … n of the story are ready. */
  async chaptersReady(storyBookId: string, n: number): Promise<void> {
    await eventually(async () => {
      const rows = await this.chapters(storyBookId);
      return rows.filter((row) => row.status === 'ready').length >= n;
    }, 15_000);
  }

  /** A started story with chapter 1 written (premium: promoted, and chapters 1 … 7 written). */
  async startedStory(options: { premium?: boolean } = {}) {
    const hero = this.newHero();
    await this.completeHero(hero);
    let story = await this.storyWhen(hero.heroId, (s) => s.initial_chapter_generated_at !== null);
    if (options.premium) {
      await this.pay(hero, 'premium_upgrade');
      story = await this.storyWhen(hero.heroId, (s) => s.is_premium);
      // Writing ahead settles (chapters 1 … 7), so no chapter result holds the row when a test sweeps.
      if (this.writer.mode === 'write' && this.writer.modeFor.size === 0)
        await this.chaptersReady(story.id, 7);
    }
    return { ...hero, story };
  }

  /** BullMQ's view of the illustration queue, for losing a job as Redis might. */
  illustrationQueue() {
    return this.queueView(JobQueues.chapterIllustration.name);
  }

  /** BullMQ's view of the release queue, for looking at (and promoting) the delayed jobs. */
  releaseQueue() {
    return this.queueView(JobQueues.chapterRelease.name);
  }

  private queueView(name: string) {
    const connection = createRedisConnection({ url: TEST_REDIS_URL, prefix: this.prefix }, `test:${name}`);
    const queue = new Queue(name, { connection, prefix: this.prefix });
    return {
      queue,
      close: async () => {
        await queue.close();
        await connection.quit().catch(() => undefined);
      },
    };
  }
}

/** Polls until `lookup` finds something, and returns it. */
export async function found<T>(lookup: () => Promise<T | undefined | null>, timeoutMs = 10_000): Promise<T> {
  return (await eventually(lookup, timeoutMs)) as T;
}

/** The error shape a request failed with, or undefined when it succeeded. */
export { errorOf } from '@starborn/testing';

export type { StoryBookView };
