/**
 * The gateway alone, without backend services, for suites about what it answers by itself (headers,
 * body limits, the API document): on a database, Redis prefix and work folder of its own. The web app
 * is served from `workDir/web` when a suite writes one there.
 */
import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { deleteRedisPrefix, testDatabase, testRedisPrefix, TEST_REDIS_URL } from '@starborn/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayApp } from '../app.js';

export interface LoneGateways {
  workDir: string;
  /** A gateway with these settings on top, initialised (ready for inject or listen); the suite closes it. */
  start(extra?: Record<string, string>): Promise<NestFastifyApplication>;
  /** Drops the database, the Redis prefix and the work folder. */
  cleanUp(): Promise<void>;
}

export async function loneGateways(label: string): Promise<LoneGateways> {
  const database = testDatabase(label);
  const prefix = testRedisPrefix(label);
  const workDir = await mkdtemp(join(tmpdir(), `starborn-${label}-`));
  return {
    workDir,
    async start(extra = {}) {
      const { app } = await createGatewayApp({
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        AUTH_KEYS_DIR: join(workDir, 'keys'),
        WEB_DIST_DIR: join(workDir, 'web'),
        LOG_LEVEL: 'silent',
        ...extra,
      });
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      return app;
    },
    async cleanUp() {
      await database.drop();
      await deleteRedisPrefix(prefix);
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
