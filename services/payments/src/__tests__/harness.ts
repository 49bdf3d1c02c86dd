/**
 * The payments service in this process on a PostgreSQL database and Redis prefix of its own, for the
 * integration specs: a bus to send it commands, the service's own bus (to spy on the events it emits)
 * and a client to look at its rows.
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
import pg from 'pg';
import { PaymentsModule } from '../payments.module.js';

export class PaymentsHarness {
  readonly database: TestDatabase;
  readonly prefix: string;
  app!: INestMicroservice;
  bus!: MessageBus;
  serviceBus!: MessageBus;
  db!: pg.Client;
  private env: Record<string, string> = {};

  /** `label` names the database (dashes become underscores) and the Redis prefix. */
  constructor(label: string) {
    this.database = testDatabase(label.replaceAll('-', '_'));
    this.prefix = testRedisPrefix(label);
  }

  /** Starts the service with `env` on top of the test database and Redis; `timeoutMs` for requests. */
  async start(env: Record<string, string> = {}, timeoutMs = 5_000): Promise<this> {
    this.env = env;
    await this.startService();
    this.bus = new MessageBus({ url: TEST_REDIS_URL, prefix: this.prefix, timeoutMs });
    this.db = new pg.Client({ connectionString: this.database.url });
    await this.db.connect();
    return this;
  }

  /** Starts the service (again, after {@link stopService}) with the `env` it was started with. */
  async startService(): Promise<void> {
    ({ app: this.app } = await createServiceApp({
      service: 'payments',
      module: PaymentsModule,
      env: {
        DATABASE_URL: this.database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: this.prefix,
        LOG_LEVEL: 'silent',
        ...this.env,
      },
    }));
    await this.app.listen();
    this.serviceBus = this.app.get(MessageBus);
  }

  /** Stops the service alone: its database and Redis stay. */
  async stopService(): Promise<void> {
    await this.app.close();
  }

  async stop(): Promise<void> {
    await this.db?.end();
    await this.bus?.close();
    await this.app?.close();
    await this.database.drop();
    await deleteRedisPrefix(this.prefix);
  }

  /** The stored row of a payment intent. */
  async row(id: string) {
    return (await this.db.query('SELECT * FROM payments.payment_intents WHERE id = $1', [id])).rows[0];
  }
}

/** The settings that point the Stripe provider at a fake Stripe API on loopback. */
export function stripeEnv(options: { secretKey: string; webhookSecret: string; port: number }) {
  return {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: options.secretKey,
    STRIPE_WEBHOOK_SECRET: options.webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(options.port),
    STRIPE_API_PROTOCOL: 'http',
  };
}

/** The error shape a request failed with, or undefined when it succeeded. */
export { errorOf } from '@starborn/testing';
