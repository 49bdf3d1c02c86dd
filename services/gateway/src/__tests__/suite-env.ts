/**
 * What every gateway integration suite sets up alike: a database, a Redis prefix and a work folder of
 * its own and the settings that point the gateway and the services at them, the services it runs, and
 * the gateway listening on loopback.
 */
import type { INestMicroservice, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { BackendService } from '@starborn/contracts';
import { createServiceApp } from '@starborn/runtime';
import { deleteRedisPrefix, testDatabase, testRedisPrefix, TEST_REDIS_URL } from '@starborn/testing';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface SuiteEnv {
  prefix: string;
  workDir: string;
  /** The database, Redis prefix and folders (keys, media, a web build that is not there), logs off. */
  env: Record<string, string>;
  /** Drops the database, the Redis prefix and the work folder. */
  cleanUp(): Promise<void>;
}

export async function suiteEnv(label: string): Promise<SuiteEnv> {
  const database = testDatabase(label);
  const prefix = testRedisPrefix(label);
  const workDir = await mkdtemp(join(tmpdir(), `starborn-${label}-`));
  return {
    prefix,
    workDir,
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      AUTH_KEYS_DIR: join(workDir, 'keys'),
      MEDIA_DIR: join(workDir, 'media'),
      WEB_DIST_DIR: join(workDir, 'no-web'),
      LOG_LEVEL: 'silent',
    },
    async cleanUp() {
      await database.drop();
      await deleteRedisPrefix(prefix);
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/** The backend services given, one after another, each listening to its queue. */
export async function startServices(
  modules: Partial<Record<BackendService, Type<unknown>>>,
  env: NodeJS.ProcessEnv,
): Promise<INestMicroservice[]> {
  const services: INestMicroservice[] = [];
  for (const [service, module] of Object.entries(modules)) {
    if (!module) throw new Error(`No module for the service "${service}"`);
    const { app } = await createServiceApp({ service: service as BackendService, module, env });
    await app.listen();
    services.push(app);
  }
  return services;
}

/** Listens on a free port of 127.0.0.1; answers the base URL. */
export async function listenOnLoopback(app: NestFastifyApplication): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (await app.getUrl()).replace('[::1]', '127.0.0.1');
}

/** A web app build in `workDir`/web, where lone gateways serve it from: each file by its path. */
export async function writeWebBuild(
  workDir: string,
  files: Record<string, string | Uint8Array>,
): Promise<string> {
  const dir = join(workDir, 'web');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}
