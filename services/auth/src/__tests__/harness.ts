/**
 * The auth service in this process on a PostgreSQL database, a Redis prefix and a keys folder of its
 * own, for the integration specs, with a bus to send it commands and a client to look at its rows.
 */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { MessageBus } from '@starborn/messaging';
import { createServiceApp } from '@starborn/runtime';
import {
  deleteRedisPrefix,
  testDatabase,
  testRedisPrefix,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@starborn/testing';
import { afterAll, beforeAll } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { AuthModule } from '../auth.module.js';

export class AuthHarness {
  readonly database: TestDatabase;
  readonly prefix: string;
  /** Where the service keeps its signing keys. */
  keysDir = '';
  app!: INestMicroservice;
  bus!: MessageBus;
  db!: pg.Client;

  /** `label` names the database and the Redis prefix. */
  constructor(label: string) {
    this.database = testDatabase(label);
    this.prefix = testRedisPrefix(label);
  }

  /**
   * The harness of a test file: started before its tests with `env` on top of the test database and
   * Redis (`timeoutMs` for requests), stopped after them.
   */
  static forFile(label: string, env: Record<string, string> = {}, timeoutMs = 5_000): AuthHarness {
    const harness = new AuthHarness(label);
    beforeAll(() => harness.start(env, timeoutMs), 60_000);
    afterAll(() => harness.stop());
    return harness;
  }

  async start(env: Record<string, string> = {}, timeoutMs = 5_000): Promise<void> {
    this.keysDir = await mkdtemp(join(tmpdir(), 'starborn-keys-'));
    ({ app: this.app } = await createServiceApp({
      service: 'auth',
      module: AuthModule,
      env: {
        DATABASE_URL: this.database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: this.prefix,
        AUTH_KEYS_DIR: this.keysDir,
        LOG_LEVEL: 'silent',
        ...env,
      },
    }));
    await this.app.listen();
    this.bus = new MessageBus({ url: TEST_REDIS_URL, prefix: this.prefix, timeoutMs });
    this.db = new pg.Client({ connectionString: this.database.url });
    await this.db.connect();
  }

  async stop(): Promise<void> {
    await this.db?.end();
    await this.bus?.close();
    await this.app?.close();
    await this.database.drop();
    await deleteRedisPrefix(this.prefix);
    if (this.keysDir) await rm(this.keysDir, { recursive: true, force: true });
  }
}
