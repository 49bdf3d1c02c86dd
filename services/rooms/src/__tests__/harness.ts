/**
 * The rooms service in this process on its own PostgreSQL database and Redis prefix, with a ManualClock,
 * plus what stands around it in production, at the wire:
 * - a socket.io server with @socket.io/redis-adapter on the same Redis and key the gateway uses, whose
 *   clients join a story room's socket.io room on connecting (as the gateway does on `join_room`);
 * - a heroes service answering `heroes.generation-profile` from a table the test fills;
 * - optionally the real generation service (local AI provider) drawing the narrator's jobs.
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  JobQueues,
  narratorJobId,
  QueueNames,
  socketIoRedisKey,
  storyRoomChannel,
  storyRoomHeroChannel,
  type HeroProfileDto,
  type RoomHeroRef,
} from '@starborn/contracts';
import { GenerationModule } from '@starborn/generation';
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
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { NarratorPacing } from '../narrator/narrator-pacing.js';
import { RoomsModule } from '../rooms.module.js';
import { LEAVE_NOTICE_QUEUE } from '../rooms/leave-notices.js';

export interface SocketEvent {
  event: string;
  payload: any;
}

/** A socket.io server standing in for one gateway instance: same adapter, same key. */
export class SocketGateway {
  private http?: HttpServer;
  private io?: Server;
  private pub?: Redis;
  private sub?: Redis;
  private readonly clients: Socket[] = [];
  url = '';

  constructor(private readonly prefix: string) {}

  async start(): Promise<void> {
    this.pub = createRedisConnection({ url: TEST_REDIS_URL, prefix: this.prefix }, 'test:socket.io-pub');
    this.sub = createRedisConnection({ url: TEST_REDIS_URL, prefix: this.prefix }, 'test:socket.io-sub');
    this.http = createServer();
    this.io = new Server(this.http, {
      path: '/socket.io',
      adapter: createAdapter(this.pub, this.sub, { key: socketIoRedisKey(this.prefix) }),
    });
    this.io.on('connection', (socket) => {
      const { roomId, heroId } = socket.handshake.query;
      if (typeof roomId !== 'string') return;
      // As the gateway does: the story room, and the hero's own channel in it when a hero is named.
      void socket.join(
        typeof heroId === 'string'
          ? [storyRoomChannel(roomId), storyRoomHeroChannel(roomId, heroId)]
          : storyRoomChannel(roomId),
      );
    });
    await new Promise<void>((resolve) => this.http!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
    await this.sub.ping(); // the adapter's PSUBSCRIBE is in place
  }

  /**
   * A client in the story room's socket.io room (as `heroId`, when given); `events` records all it
   * receives, in order.
   */
  async client(roomId: string, heroId?: string): Promise<{ socket: Socket; events: SocketEvent[] }> {
    const socket = connectSocket(this.url, {
      path: '/socket.io',
      query: heroId ? { roomId, heroId } : { roomId },
      transports: ['websocket'],
    });
    this.clients.push(socket);
    const events: SocketEvent[] = [];
    socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // Joining happens on the server's connection handler: wait until the server holds it.
    await eventually(async () =>
      (await this.io!.in(storyRoomChannel(roomId)).fetchSockets()).some((s) => s.id === socket.id),
    );
    return { socket, events };
  }

  async stop(): Promise<void> {
    for (const client of this.clients) client.disconnect();
    if (this.io) await new Promise<void>((resolve) => this.io!.close(() => resolve()));
    await this.pub?.quit().catch(() => undefined);
    await this.sub?.quit().catch(() => undefined);
  }
}

/** Answers `heroes.generation-profile` from `profiles` (404 for others), counting the questions. */
export class FakeHeroes {
  readonly profiles = new Map<string, HeroProfileDto>();
  asked = 0;
  private worker?: Worker;
  private publisher?: Redis;
  private connection?: Redis;

  constructor(private readonly prefix: string) {}

  start(): void {
    const options = { url: TEST_REDIS_URL, prefix: this.prefix };
    this.publisher = createRedisConnection(options, 'fake-heroes:replies');
    this.connection = createRedisConnection(options, 'fake-heroes');
    this.worker = new Worker(
      QueueNames.commands('heroes'),
      async (job) => {
        const envelope = job.data as { id: string; replyTo: string; data: { heroId: string } };
        let reply: unknown;
        const profile = this.profiles.get(envelope.data?.heroId);
        if (job.name === 'heroes.generation-profile' && profile) {
          this.asked++;
          reply = { id: envelope.id, ok: true, data: profile };
        } else {
          reply = {
            id: envelope.id,
            ok: false,
            error: { status: 404, code: 'NOT_FOUND', message: 'Hero not found.' },
          };
        }
        await this.publisher!.publish(envelope.replyTo, JSON.stringify(reply));
      },
      { connection: this.connection, prefix: this.prefix },
    );
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.publisher?.quit().catch(() => undefined);
    await this.connection?.quit().catch(() => undefined);
  }
}

export class RoomsHarness {
  readonly clock = new ManualClock(new Date('2026-03-01T08:00:00.000Z'));
  readonly database = testDatabase('rooms');
  readonly prefix = testRedisPrefix('rooms');
  /** The moments the narrator's lines were held until (the manual clock jumps there instead of waiting). */
  readonly holds: Date[] = [];
  app!: INestMicroservice;
  generation?: INestMicroservice;
  bus!: MessageBus;
  db!: pg.Client;
  gateway!: SocketGateway;
  heroes!: FakeHeroes;
  private redis?: Redis;
  private narratorQueue?: Queue;
  private leaveQueue?: Queue;
  private workDir = '';

  /** The harness of a test file: started before its tests, stopped after them. */
  static forFile(): RoomsHarness {
    const harness = new RoomsHarness();
    beforeAll(() => harness.start(), 60_000);
    afterAll(() => harness.stop());
    return harness;
  }

  async start(
    options: { withGeneration?: boolean; generationEnv?: Record<string, string> } = {},
  ): Promise<void> {
    await this.startService();
    if (options.withGeneration) {
      this.workDir = await mkdtemp(join(tmpdir(), 'starborn-rooms-'));
      ({ app: this.generation } = await createServiceApp({
        service: 'generation',
        module: GenerationModule,
        env: {
          ...this.env,
          AI_PROVIDER: 'local',
          MEDIA_DIR: join(this.workDir, 'media'),
          ...options.generationEnv,
        },
      }));
      await this.generation.listen();
    }
    this.bus = new MessageBus({ url: TEST_REDIS_URL, prefix: this.prefix, timeoutMs: 10_000 });
    this.db = new pg.Client({ connectionString: this.database.url });
    await this.db.connect();
    this.gateway = new SocketGateway(this.prefix);
    await this.gateway.start();
    this.heroes = new FakeHeroes(this.prefix);
    this.heroes.start();
    this.redis = createRedisConnection({ url: TEST_REDIS_URL, prefix: this.prefix }, 'test:narrator-queue');
    this.narratorQueue = new Queue(JobQueues.narrator.name, { connection: this.redis, prefix: this.prefix });
    this.leaveQueue = new Queue(LEAVE_NOTICE_QUEUE.name, { connection: this.redis, prefix: this.prefix });
  }

  private get env(): Record<string, string> {
    return {
      DATABASE_URL: this.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: this.prefix,
      LOG_LEVEL: 'silent',
      DB_POOL_SIZE: '3',
    };
  }

  /**
   * Starts the rooms service (again, after {@link stopService}) on the harness's database and Redis;
   * `beforeListen` sees the app before it takes its first message.
   */
  async startService(beforeListen?: (app: INestMicroservice) => void): Promise<void> {
    ({ app: this.app } = await createServiceApp({ service: 'rooms', module: RoomsModule, env: this.env }));
    jest.spyOn(this.app.get(Clock), 'now').mockImplementation(() => this.clock.now());
    jest.spyOn(this.app.get(NarratorPacing), 'holdUntil').mockImplementation(async (at: Date) => {
      this.holds.push(at);
      if (this.clock.now() < at) this.clock.set(at);
    });
    beforeListen?.(this.app);
    await this.app.listen();
  }

  /** Stops the rooms service alone: its database, Redis and the fakes around it stay. */
  async stopService(): Promise<void> {
    await this.app.close();
  }

  async stop(): Promise<void> {
    const steps: (() => unknown)[] = [
      () => this.gateway?.stop(),
      () => this.heroes?.stop(),
      () => this.narratorQueue?.close(),
      () => this.leaveQueue?.close(),
      () => this.redis?.quit(),
      () => this.db?.end(),
      () => this.bus?.close(),
      () => this.generation?.close(),
      () => this.app?.close(),
      () => this.database.drop(),
      () => deleteRedisPrefix(this.prefix),
      () => (this.workDir ? rm(this.workDir, { recursive: true, force: true }) : undefined),
    ];
    for (const step of steps) await Promise.resolve(step()).catch(() => undefined);
  }

  /** A hero as the gateway would describe it (premium unless told otherwise), with a profile at heroes. */
  hero(name = 'Lyra Vale', options: { isPremium?: boolean; avatar?: string | null } = {}): RoomHeroRef {
    const heroId = randomBytes(16).toString('hex');
    this.heroes?.profiles.set(heroId, profileOf(heroId, name));
    return {
      userId: randomUUID(),
      heroId,
      name,
      avatar: options.avatar === undefined ? `/media/heroes/${heroId}/front.webp?sig=x` : options.avatar,
      isPremium: options.isPremium ?? true,
    };
  }

  async createRoom(creator = this.hero('Orion Dusk'), title?: string): Promise<string> {
    const { roomId } = await this.bus.request('rooms.create', { creator, ...(title ? { title } : {}) });
    return roomId;
  }

  narratorJob(roomId: string, triggerId: string) {
    return this.narratorQueue!.getJob(narratorJobId({ roomId, triggerId }));
  }

  async narratorJobs(roomId: string) {
    const jobs = await this.narratorQueue!.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
    return jobs.filter((job) => job?.data?.roomId === roomId);
  }

  /** The delayed checks of leaves in this room still waiting for their grace period to end. */
  async pendingLeaves(roomId: string) {
    const jobs = await this.leaveQueue!.getJobs(['delayed', 'waiting']);
    return jobs.filter((job) => job?.data?.roomId === roomId);
  }

  /**
   * Ends the grace period of the room's pending leaves now (the delayed jobs are promoted, as if their
   * time had come) and waits until the rooms service has run each.
   */
  async settleLeaves(roomId: string): Promise<number> {
    const jobs = await this.pendingLeaves(roomId);
    for (const job of jobs) await job.promote().catch(() => undefined);
    await eventually(async () => {
      const states = await Promise.all(jobs.map((job) => this.leaveQueue!.getJobState(job.id!)));
      return states.every((state) => state === 'completed' || state === 'unknown');
    });
    return jobs.length;
  }

  async messages(roomId: string) {
    const { rows } = await this.db.query(
      'SELECT id, kind, sender_id, sender_name, content, trigger_id, created_at FROM rooms.messages WHERE room_id = $1 ORDER BY created_at, seq',
      [roomId],
    );
    return rows as {
      id: string;
      kind: string;
      sender_id: string;
      sender_name: string;
      content: string;
      trigger_id: string | null;
      created_at: Date;
    }[];
  }
}

/** A profile as heroes holds it: Leo / Fire, Yang Wood Dragon. */
export function profileOf(heroId: string, name: string): HeroProfileDto {
  return {
    heroId,
    name,
    birthdate: '1964-08-01',
    western: {
      sign: 'Leo',
      dateRange: 'July 23 - August 22',
      element: 'Fire',
      traits: ['Confident', 'Generous'],
      strengths: ['Loyal'],
      weaknesses: ['Proud'],
    },
    chinese: {
      sign: 'Dragon',
      element: 'Yang Wood',
      years: [1964],
      traits: ['Bold'],
      compatibility: ['Rat'],
    },
  } as HeroProfileDto;
}

/** The error shape a request failed with, or undefined when it succeeded. */
export { errorOf } from '@starborn/testing';

export { eventually };
