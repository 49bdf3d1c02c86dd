/**
 * The gateway alone, without backend services, for suites about what it answers by itself (headers,
 * body limits, the API document): on a database, Redis prefix and work folder of its own. The web app
 * is served from `workDir/web` when a suite writes one there.
 */
import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createGatewayApp } from '../app.js';
import { suiteEnv } from './suite-env.js';

export interface LoneGateways {
  workDir: string;
  /** A gateway with these settings on top, initialised (ready for inject or listen); the suite closes it. */
  start(extra?: Record<string, string>): Promise<NestFastifyApplication>;
  /** Drops the database, the Redis prefix and the work folder. */
  cleanUp(): Promise<void>;
}

export async function loneGateways(label: string): Promise<LoneGateways> {
  const { workDir, env, cleanUp } = await suiteEnv(label);
  return {
    workDir,
    async start(extra = {}) {
      const { app } = await createGatewayApp({ ...env, WEB_DIST_DIR: join(workDir, 'web'), ...extra });
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      return app;
    },
    cleanUp,
  };
}

export interface ServedGateway {
  workDir: string;
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Stops the gateway, then drops what it ran on. */
  close(): Promise<void>;
}

/** A lone gateway listening on a free port of 127.0.0.1, for suites that need a real socket. */
export async function servedLoneGateway(label: string): Promise<ServedGateway> {
  const gateways = await loneGateways(label);
  const app = await gateways.start().catch(async (error: unknown) => {
    await gateways.cleanUp();
    throw error;
  });
  const close = async () => {
    await app.close();
    await gateways.cleanUp();
  };
  await app.listen(0, '127.0.0.1').catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { workDir: gateways.workDir, port, origin: `http://127.0.0.1:${port}`, close };
}

/** A served lone gateway for the suite that calls this: started before its tests, closed after them. */
export function servedLoneGatewayForSuite(label: string): ServedGateway {
  let served: ServedGateway | undefined;
  beforeAll(async () => {
    served = await servedLoneGateway(label);
  });
  afterAll(() => served?.close());
  const current = () => {
    if (!served) throw new Error(`The gateway of ${label} is not started`);
    return served;
  };
  return {
    get workDir() {
      return current().workDir;
    },
    get port() {
      return current().port;
    },
    get origin() {
      return current().origin;
    },
    close: () => current().close(),
  };
}

/**
 * The body of a request the gateway refuses as malformed, with the refusal's own code: `error` repeats
 * `message` for older clients.
 */
export const refusalBody = (status: number, code: string, message: string) => ({
  status,
  code,
  message,
  error: message,
});
