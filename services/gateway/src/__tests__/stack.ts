/**
 * The backend in one process for the gateway's integration suites: the chosen services and the gateway
 * on real PostgreSQL and Redis, with a database, Redis prefix and media folder of their own.
 */
import 'reflect-metadata';
import type { INestMicroservice, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@starborn/auth';
import type { BackendService } from '@starborn/contracts';
import { GenerationModule } from '@starborn/generation';
import { HeroesModule } from '@starborn/heroes';
import { RoomsModule } from '@starborn/rooms';
import { createServiceApp } from '@starborn/runtime';
import { FsStorage } from '@starborn/storage';
import { deleteRedisPrefix, testDatabase, testRedisPrefix, TEST_REDIS_URL } from '@starborn/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createGatewayApp } from '../app.js';

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
  const database = testDatabase(label);
  const prefix = testRedisPrefix(label);
  const workDir = await mkdtemp(join(tmpdir(), `starborn-${label}-`));
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    AUTH_KEYS_DIR: join(workDir, 'keys'),
    MEDIA_DIR: join(workDir, 'media'),
    WEB_DIST_DIR: join(workDir, 'no-web'),
    LOG_LEVEL: 'silent',
    GENERATE_WAIT_MS: '20000',
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP: '1000',
    ...options.env,
  };
  const services: INestMicroservice[] = [];
  const optional = Object.fromEntries((options.with ?? []).map((name) => [name, OPTIONAL_SERVICES[name]]));
  for (const [service, module] of Object.entries({ ...DEFAULT_SERVICES, ...optional, ...options.services })) {
    if (!module) throw new Error(`startStack: no module for the service "${service}"`);
    const { app } = await createServiceApp({ service: service as BackendService, module, env });
    await app.listen();
    services.push(app);
  }
  const startGateway = async () => {
    const { app }: { app: NestFastifyApplication } = await createGatewayApp(env);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, baseUrl: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
  };
  const { app: gateway, baseUrl } = await startGateway();
  const extraGateways: NestFastifyApplication[] = [];
  const db = new pg.Client({ connectionString: database.url });
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

  const newHero: TestStack['newHero'] = async ({ paid, token }) => {
    token ??= (await newUser()).token;
    const heroId = crypto.randomUUID().replaceAll('-', '');
    const created = await api('POST', '/api/heroes', {
      token,
      body: { heroName: `Hero ${heroId.slice(0, 6)}`, birthdate: '1990-07-25', heroId },
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

  return {
    baseUrl,
    app: gateway,
    prefix,
    env,
    storage: new FsStorage(env.MEDIA_DIR),
    db,
    api,
    newUser,
    newHero,
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
      await db.end().catch(() => undefined);
      await Promise.all(extraGateways.map((app) => app.close()));
      await gateway.close();
      await Promise.all(services.map((service) => service.close()));
      await database.drop();
      await deleteRedisPrefix(prefix);
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
