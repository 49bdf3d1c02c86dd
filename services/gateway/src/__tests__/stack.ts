/**
 * The backend in one process for the gateway's integration suites: the chosen services and the gateway
 * on real PostgreSQL and Redis, with a database, Redis prefix and media folder of their own.
 */
import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@starborn/auth';
import type { BackendService } from '@starborn/contracts';
import { GenerationModule } from '@starborn/generation';
import { HeroesModule } from '@starborn/heroes';
import { RoomsModule } from '@starborn/rooms';
import { MessageBus } from '@starborn/messaging';
import { FsStorage } from '@starborn/storage';
import { eventually, TEST_REDIS_URL } from '@starborn/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { createGatewayApp } from '../app.js';
import { listenOnLoopback, startServices, suiteEnv } from './suite-env.js';

const DEFAULT_SERVICES: Partial<Record<BackendService, Type<unknown>>> = {
  auth: AuthModule,
  heroes: HeroesModule,
  generation: GenerationModule,
};

/** Services a stack starts only when asked (`with`), besides auth, heroes and generation. */
const OPTIONAL_SERVICES: Partial<Record<BackendService, Type<unknown>>> = {
  rooms: RoomsModule,
};

export interface StackOptions {
  /** Extra services (e.g. payments) or replacements, by name. */
  services?: Partial<Record<BackendService, Type<unknown>>>;
  /** Optional services to start with their own modules, e.g. ['rooms']. */
  with?: BackendService[];
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
}

export interface TestStack {
  baseUrl: string;
  /** The gateway itself, for requests through inject (e.g. from a chosen remote address). */
  app: NestFastifyApplication;
  prefix: string;
  env: Record<string, string>;
  storage: FsStorage;
  db: pg.Client;
  /** A bus client on the stack's prefix, made on first use and closed with the stack. */
  readonly bus: MessageBus;
  /** A Redis connection, made on first use and closed with the stack. */
  readonly redis: Redis;
  /** A JSON call; a string body is sent as it is. */
  api(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; json: any; headers: Headers; body: Buffer }>;
  newUser(): Promise<{ token: string; user: { id: string } }>;
  /** A generated hero of a new user: paid when asked (set in the database directly). */
  newHero(options: { paid: boolean; token?: string }): Promise<{ token: string; heroId: string; hero: any }>;
  /**
   * The hero's storybook as its owner reads it, once chapter 1 is written (with its content). The
   * chapter writer of the generation workers writes it; so that a suite does not depend on it, the
   * chapter is also offered here through the writer's own event (the storybook applies the first
   * result of an attempt and ignores the other). `premium`: the story must be premium first (its
   * payment is still on its way).
   */
  firstChapterWritten(token: string, heroId: string, options?: { premium?: boolean }): Promise<any>;
  /**
   * Another gateway instance on the same backend (same environment, Redis prefix and database), as a
   * second replica behind a load balancer; closed with the stack.
   */
  addGateway(): Promise<GatewayInstance>;
  close(): Promise<void>;
}

export interface GatewayInstance {
  baseUrl: string;
  app: NestFastifyApplication;
  api: TestStack['api'];
  close(): Promise<void>;
}

export async function startStack(label: string, options: StackOptions = {}): Promise<TestStack> {
  const suite = await suiteEnv(label);
  const { prefix } = suite;
  const env: Record<string, string> = {
    ...suite.env,
    GENERATE_WAIT_MS: '20000',
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP: '1000',
    ...options.env,
  };
  const optional = Object.fromEntries((options.with ?? []).map((name) => [name, OPTIONAL_SERVICES[name]]));
  const services = await startServices({ ...DEFAULT_SERVICES, ...optional, ...options.services }, env);
  const startGateway = async () => {
    const { app }: { app: NestFastifyApplication } = await createGatewayApp(env);
    return { app, baseUrl: await listenOnLoopback(app) };
  };
  const { app: gateway, baseUrl } = await startGateway();
  const extraGateways: NestFastifyApplication[] = [];
  const db = new pg.Client({ connectionString: suite.env.DATABASE_URL });
  await db.connect();

  const apiOf =
    (baseUrl: string): TestStack['api'] =>
    async (method, path, options = {}) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body:
          options.body === undefined
            ? undefined
            : typeof options.body === 'string'
              ? options.body
              : JSON.stringify(options.body),
      });
      const body = Buffer.from(await response.arrayBuffer());
      let json: any;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        json = undefined;
      }
      return { status: response.status, json, headers: response.headers, body };
    };
  const api = apiOf(baseUrl);

  let counter = 0;
  const newUser: TestStack['newUser'] = async () => {
    const email = `${label}-${++counter}-${Date.now()}@example.com`;
    const { json } = await api('POST', '/api/auth/register', {
      body: { name: `User ${counter}`, email, password: 'password-123' },
    });
    return json;
  };

  let heroCount = 0;
  const newHero: TestStack['newHero'] = async ({ paid, token }) => {
    token ??= (await newUser()).token;
    const heroId = crypto.randomUUID().replaceAll('-', '');
    // Numbered, not named after the random id: hex can read as leetspeak the content filter refuses ("a55…").
    const created = await api('POST', '/api/heroes', {
      token,
      body: { heroName: `Hero ${++heroCount}`, birthdate: '1990-07-25', heroId },
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.json)}`);
    const generated = await api('POST', `/api/heroes/generate/${heroId}`, { token });
    if (generated.json?.hero?.status !== 'complete')
      throw new Error(`generate: ${JSON.stringify(generated.json)}`);
    if (paid) {
      // The payments flow is another issue's: mark the hero paid directly.
      await db.query(`UPDATE heroes.heroes SET payment_status = 'paid' WHERE id = $1`, [heroId]);
    }
    const hero = (await api('GET', `/api/heroes/${heroId}`, { token })).json;
    return { token, heroId, hero };
  };

  let bus: MessageBus | undefined;
  let redis: Redis | undefined;
  const busOf = () => (bus ??= new MessageBus({ url: TEST_REDIS_URL, prefix }));

  const firstChapterWritten: TestStack['firstChapterWritten'] = async (token, heroId, options = {}) => {
    const view = await eventually(async () => {
      const response = await api('GET', `/api/heroes/${heroId}/storybook`, { token });
      if (response.status !== 200) return undefined;
      return !options.premium || response.json.storyBook.isPremium ? response.json : undefined;
    }, 15_000);
    const storyBookId: string = view.storyBook.id;
    await busOf().emitEvent(
      'chapter.generated',
      {
        storyBookId,
        chapterNumber: 1,
        attempt: 1,
        title: 'The First Light',
        content: '# The First Light\n\nThe hero woke beneath a sky of falling stars.',
        summary: 'The hero woke.',
        provider: 'test',
      },
      { eventId: `${storyBookId}.1.1.test` },
    );
    return eventually(async () => {
      const response = await api('GET', `/api/heroes/${heroId}/storybook`, { token });
      const chapter = response.json?.chapters?.[0];
      return chapter?.status === 'ready' && chapter.content ? response.json : undefined;
    }, 15_000);
  };

  return {
    baseUrl,
    app: gateway,
    prefix,
    env,
    storage: new FsStorage(env.MEDIA_DIR),
    db,
    get bus() {
      return busOf();
    },
    get redis() {
      return (redis ??= new Redis(TEST_REDIS_URL));
    },
    api,
    newUser,
    newHero,
    firstChapterWritten,
    async addGateway() {
      const started = await startGateway();
      extraGateways.push(started.app);
      return {
        baseUrl: started.baseUrl,
        app: started.app,
        api: apiOf(started.baseUrl),
        close: async () => {
          extraGateways.splice(extraGateways.indexOf(started.app), 1);
          await started.app.close();
        },
      };
    },
    async close() {
      redis?.disconnect();
      await bus?.close();
      await db.end().catch(() => undefined);
      await Promise.all(extraGateways.map((app) => app.close()));
      await gateway.close();
      await Promise.all(services.map((service) => service.close()));
      await suite.cleanUp();
    },
  };
}

/** A socket.io client of the gateway at `baseUrl`, signed in with `token`, once it is connected. */
export async function connectedSocket(baseUrl: string, token: string): Promise<Socket> {
  const socket = connectSocket(baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}
