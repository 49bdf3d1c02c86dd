/**
 * Auth, heroes, (optionally) generation and the gateway in this process, on their own PostgreSQL
 * database and Redis prefix, as in services/gateway/src/heroes/heroes.int-spec.ts; plus what the
 * generation tests look at behind the API: the heroes table, the job queue, the AI-quota flag.
 */
import 'reflect-metadata';
import type { INestMicroservice, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@starborn/auth';
import { aiQuotaKey, JobQueues, type BackendService } from '@starborn/contracts';
import { createGatewayApp } from '@starborn/gateway';
import { HeroesModule } from '@starborn/heroes';
import { createServiceApp } from '@starborn/runtime';
import {
  deleteRedisPrefix,
  eventually,
  testDatabase,
  testRedisPrefix,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@starborn/testing';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { GenerationModule } from '../generation.module.js';
import { FakeOpenAi } from './fake-openai.js';

export interface ApiResponse {
  status: number;
  json: any;
}

export interface User {
  token: string;
  user: { id: string };
}

export interface SocketEvent {
  event: string;
  payload: any;
}

export class TestStack {
  readonly env: Record<string, string>;
  baseUrl = '';
  private readonly database: TestDatabase;
  private readonly prefix: string;
  private workDir = '';
  private gateway?: NestFastifyApplication;
  private readonly services: INestMicroservice[] = [];
  private readonly sockets: Socket[] = [];
  private redis?: Redis;
  private queue?: Queue;
  private db?: pg.Client;
  private users = 0;
  private starting?: Promise<void>;

  constructor(
    label: string,
    private readonly extraEnv: Record<string, string>,
  ) {
    this.database = testDatabase(label);
    this.prefix = testRedisPrefix(label);
    this.env = {};
  }

  /** Starts auth, heroes, the gateway, and generation unless `withGeneration` is false. */
  start(options: { withGeneration?: boolean } = {}): Promise<void> {
    this.starting = this.startAll(options);
    return this.starting;
  }

  private async startAll({ withGeneration = true }): Promise<void> {
    this.workDir = await mkdtemp(join(tmpdir(), 'starborn-generation-'));
    Object.assign(this.env, {
      DATABASE_URL: this.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: this.prefix,
      AUTH_KEYS_DIR: join(this.workDir, 'keys'),
      MEDIA_DIR: join(this.workDir, 'media'),
      WEB_DIST_DIR: join(this.workDir, 'no-web'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP: '1000',
      // A few connections per service are plenty here, and the server's 100 are shared.
      DB_POOL_SIZE: '3',
      ...this.extraEnv,
    });
    const services: [BackendService, Type<unknown>][] = [
      ['auth', AuthModule],
      ['heroes', HeroesModule],
    ];
    for (const [service, module] of services) await this.startService(service, module);
    if (withGeneration) await this.startGeneration();
    const { app: gateway } = await createGatewayApp(this.env);
    this.gateway = gateway;
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    this.baseUrl = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
    this.redis = new Redis(TEST_REDIS_URL);
    this.queue = new Queue(JobQueues.heroGeneration.name, { connection: this.redis, prefix: this.prefix });
    this.db = new pg.Client({ connectionString: this.database.url });
    await this.db.connect();
  }

  /** A generation service in this process (another one, if one already runs). */
  startGeneration(): Promise<INestMicroservice> {
    return this.startService('generation', GenerationModule);
  }

  /** Closes and removes everything; every step runs even if an earlier one fails. */
  async stop(): Promise<void> {
    // A start that failed or timed out may still be creating services: let it finish, then close all.
    await this.starting?.catch(() => undefined);
    const errors: unknown[] = [];
    const step = async (action: () => unknown) => {
      try {
        await action();
      } catch (error) {
        errors.push(error);
      }
    };
    for (const socket of this.sockets) socket.disconnect();
    await step(() => this.queue?.close());
    this.redis?.disconnect();
    await step(() => this.db?.end());
    await step(() => this.gateway?.close());
    await Promise.all(this.services.map((service) => step(() => service.close())));
    await step(() => this.database.drop());
    await step(() => deleteRedisPrefix(this.prefix));
    if (this.workDir) await step(() => rm(this.workDir, { recursive: true, force: true }));
    if (errors.length > 0) throw errors[0];
  }

  async api(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json } satisfies ApiResponse;
  }

  async newUser(): Promise<User> {
    const n = ++this.users;
    const { status, json } = await this.api('POST', '/api/auth/register', {
      body: {
        name: `Owner ${n}`,
        email: `generation-${n}-${Date.now()}@example.com`,
        password: 'password-123',
      },
    });
    if (status !== 201 && status !== 200) throw new Error(`Registration failed: ${status}`);
    return json as User;
  }

  /** A new user with one pending hero. */
  async newHero(heroName = 'Vesper Lark'): Promise<{ token: string; heroId: string }> {
    const { token } = await this.newUser();
    const heroId = crypto.randomUUID().replaceAll('-', '');
    const created = await this.api('POST', '/api/heroes', {
      token,
      body: { heroName, birthdate: '1990-06-15', heroId },
    });
    if (created.status !== 201) throw new Error(`Hero creation failed: ${created.status}`);
    return { token, heroId };
  }

  /** Resolves once the API shows the hero complete, polling every 100 ms for up to `timeoutMs`. */
  async untilComplete(
    { token, heroId }: { token: string; heroId: string },
    timeoutMs: number,
  ): Promise<void> {
    await eventually(
      async () => (await this.api('GET', `/api/heroes/${heroId}`, { token })).json.status === 'complete',
      timeoutMs,
      100,
    );
  }

  /** The user's socket.io connection; `events` records everything pushed to it, in order. */
  async connect(token: string): Promise<{ socket: Socket; events: SocketEvent[] }> {
    const socket = connectSocket(this.baseUrl, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
    });
    this.sockets.push(socket);
    const events: SocketEvent[] = [];
    socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, events };
  }

  /** What the API does not show: the attempt counter and the recorded failure. */
  async heroRow(
    heroId: string,
  ): Promise<{ status: string; generation_attempt: number; generation_error: string | null }> {
    const { rows } = await this.db!.query(
      'SELECT status, generation_attempt, generation_error FROM heroes.heroes WHERE id = $1',
      [heroId],
    );
    return rows[0];
  }

  /** The BullMQ job of one generation attempt. */
  job(heroId: string, attempt: number): Promise<Job | undefined> {
    return this.queue!.getJob(`hero.${heroId}.${attempt}`);
  }

  quotaFlag(): Promise<string | null> {
    return this.redis!.get(aiQuotaKey(this.prefix));
  }

  async clearQuotaFlag(): Promise<void> {
    await this.redis!.del(aiQuotaKey(this.prefix));
  }

  async raiseQuotaFlag(): Promise<void> {
    await this.redis!.set(aiQuotaKey(this.prefix), 'raised by the test', 'EX', 60);
  }

  private async startService(service: BackendService, module: Type<unknown>): Promise<INestMicroservice> {
    const { app } = await createServiceApp({ service, module, env: this.env });
    // Recorded before listening, so that stop() closes it even if listening fails.
    this.services.push(app);
    await app.listen();
    return app;
  }
}

/**
 * A suite's stack on the fake OpenAI (AI_PROVIDER=openai) with `env`: the fake and the stack start
 * before the suite's tests (generation included unless `withGeneration` is false), the fake is reset
 * before each test, and both stop after the suite.
 */
export function openAiStack(
  label: string,
  env: Record<string, string> = {},
  options: { withGeneration?: boolean } = {},
): { fake: FakeOpenAi; stack: TestStack } {
  const fake = new FakeOpenAi();
  const stackEnv: Record<string, string> = {
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test-generation',
    ...env,
  };
  const stack = new TestStack(label, stackEnv);
  beforeAll(async () => {
    await fake.start();
    stackEnv.OPENAI_BASE_URL = fake.baseURL;
    await stack.start(options);
  }, 60_000);
  afterAll(async () => {
    try {
      await stack.stop();
    } finally {
      await fake.stop();
    }
  });
  beforeEach(() => fake.reset());
  return { fake, stack };
}
