/**
 * A service booted by createServiceApp on real Redis and PostgreSQL: its readiness checks the database
 * exactly when the service has one, and finding out does not log an error.
 */
import { jest } from '@jest/globals';
import { Logger, Module, type INestMicroservice } from '@nestjs/common';
import { ensureDatabase } from '@starborn/database';
import { deleteRedisPrefix, testDatabase, testRedisPrefix, TEST_REDIS_URL } from '@starborn/testing';
import { createServiceApp } from './run-service.js';
import { serviceImports } from './service-module.js';

const database = testDatabase('runtime_service');

@Module({ imports: serviceImports({ service: 'generation' }) })
class WithoutDatabase {}

@Module({
  imports: serviceImports({ service: 'heroes', database: { entities: [], migrations: [] } }),
})
class WithDatabase {}

async function boot(service: 'generation' | 'heroes', module: object) {
  const prefix = testRedisPrefix(`runtime-${service}`);
  // What Nest logs at level error while the service boots (e.g. a provider it could not find).
  const spy = jest.spyOn(Logger.prototype, 'error');
  let errors: string[];
  let app: INestMicroservice;
  let port: number;
  try {
    const created = await createServiceApp({
      service,
      module: module as never,
      env: {
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        DATABASE_URL: database.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
      },
    });
    app = created.app;
    port = created.ops!.port;
  } finally {
    errors = spy.mock.calls.map((call) => String(call[0]));
    spy.mockRestore();
  }
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
  const body = (await ready.json()) as { checks: Record<string, unknown> };
  return {
    status: ready.status,
    checks: Object.keys(body.checks).sort(),
    errors,
    close: async () => {
      await app.close();
      await deleteRedisPrefix(prefix);
    },
  };
}

beforeAll(() => ensureDatabase(database.url));
afterAll(() => database.drop());

it('checks Redis alone for a service without a database, and logs no error finding out', async () => {
  const service = await boot('generation', WithoutDatabase);
  try {
    expect(service.status).toBe(200);
    expect(service.checks).toEqual(['redis']);
    expect(service.errors).toEqual([]);
  } finally {
    await service.close();
  }
});

it('checks PostgreSQL too for a service with a database', async () => {
  const service = await boot('heroes', WithDatabase);
  try {
    expect(service.status).toBe(200);
    expect(service.checks).toEqual(['postgres', 'redis']);
    expect(service.errors).toEqual([]);
  } finally {
    await service.close();
  }
});
