import {
  Global,
  Inject,
  Injectable,
  Module,
  Optional,
  type DynamicModule,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BullMqServer, drainWorkers, ErrorShapeFilter } from '@starborn/messaging';
import { messages, type BackendService } from '@starborn/contracts';
import type { Logger as PinoLogger } from 'pino';
import { DataSource } from 'typeorm';
import { baseEnvSchema, describeConfig, loadConfig, type BaseConfig } from './config.js';
import { createLogger, NestPinoLogger } from './logger.js';
import { createProbeRedis, OpsServer, pingRedis, registerProcessMetrics } from './ops-server.js';

/** Injection token of the validated base configuration. */
export const BASE_CONFIG = Symbol('BASE_CONFIG');
export const LOGGER = Symbol('LOGGER');
/** The environment the service was started with, for service-specific configuration schemas. */
export const ENV = Symbol('ENV');
/** What closes with the application: the operations listener, the signal handlers. */
const LIFECYCLE = Symbol('LIFECYCLE');

interface Lifecycle {
  close(): Promise<void>;
}

@Injectable()
class LifecycleCloser implements OnApplicationShutdown {
  constructor(@Inject(LIFECYCLE) private readonly lifecycle: Lifecycle) {}
  async onApplicationShutdown(): Promise<void> {
    await this.lifecycle.close();
  }
}

/**
 * The service's database, if it has one (generation has none). Injected optionally: the data source of
 * TypeORM's global module is visible here when the service imports it.
 */
@Injectable()
class ServiceDatabase {
  constructor(@Optional() readonly dataSource?: DataSource) {}
}

@Global()
@Module({})
class RuntimeModule {
  static with(
    config: BaseConfig,
    logger: PinoLogger,
    env: NodeJS.ProcessEnv,
    lifecycle: Lifecycle,
  ): DynamicModule {
    return {
      module: RuntimeModule,
      providers: [
        { provide: BASE_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: ENV, useValue: env },
        { provide: LIFECYCLE, useValue: lifecycle },
        LifecycleCloser,
        ServiceDatabase,
      ],
      exports: [BASE_CONFIG, LOGGER, ENV],
    };
  }
}

export interface RunServiceOptions {
  service: BackendService;
  module: Type<unknown>;
  env?: NodeJS.ProcessEnv;
}

/**
 * Boots a backend service: validates its environment, logs JSON, consumes its BullMQ queues, serves
 * /livez, /readyz and /metrics on OPS_PORT when set, and shuts down gracefully on SIGTERM/SIGINT:
 * readiness turns 503, every BullMQ worker stops taking jobs and the jobs in flight finish (with the
 * database and the message bus still open), then the application closes, then the process exits 0.
 * A job that cannot finish within the pod's grace period is cut by SIGKILL and, its lock lapsing,
 * completes on another worker (BullMQ's stalled-job recovery).
 */
export async function createServiceApp({ service, module, env = process.env }: RunServiceOptions) {
  const config = loadConfig(baseEnvSchema, env);
  const logger = createLogger(service, config.LOG_LEVEL);
  const lifecycle = new ServiceLifecycle(service, config, logger);

  @Module({ imports: [RuntimeModule.with(config, logger, env, lifecycle), module] })
  class ServiceRoot {}

  const app = await NestFactory.createMicroservice(ServiceRoot, {
    strategy: new BullMqServer({
      url: config.REDIS_URL,
      prefix: config.REDIS_PREFIX,
      service,
      registry: messages,
    }),
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  app.useGlobalFilters(new ErrorShapeFilter());
  await lifecycle.start(app.get(ServiceDatabase).dataSource, () => app.close());
  return { app, config, logger, ops: lifecycle.ops };
}

class ServiceLifecycle implements Lifecycle {
  ops?: OpsServer;
  private closeMetrics?: () => Promise<void>;
  private redis?: ReturnType<typeof createProbeRedis>;
  private readonly signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];
  private onSignal?: (signal: NodeJS.Signals) => void;
  private closed = false;

  constructor(
    private readonly service: string,
    private readonly config: BaseConfig,
    private readonly logger: PinoLogger,
  ) {}

  async start(dataSource: DataSource | undefined, closeApp: () => Promise<void>): Promise<void> {
    if (this.config.OPS_PORT !== undefined) {
      this.redis = createProbeRedis(this.config.REDIS_URL, `${this.config.REDIS_PREFIX}:${this.service}:ops`);
      this.closeMetrics = registerProcessMetrics(this.service, this.redis);
      const redis = this.redis;
      this.ops = new OpsServer({
        service: this.service,
        port: this.config.OPS_PORT,
        host: this.config.OPS_HOST,
        logger: this.logger,
        checks: {
          redis: (signal) => pingRedis(redis, signal),
          ...(dataSource ? { postgres: () => dataSource.query('SELECT 1') } : {}),
        },
      });
      await this.ops.start();
    }
    this.onSignal = (signal) => void this.shutdown(signal, closeApp);
    for (const signal of this.signals) process.once(signal, this.onSignal);
  }

  private async shutdown(signal: NodeJS.Signals, closeApp: () => Promise<void>): Promise<void> {
    const started = Date.now();
    this.logger.info({ signal }, `${this.service}: ${signal} received, draining`);
    this.ops?.setDraining();
    try {
      const workers = await drainWorkers();
      this.logger.info(
        { workers, ms: Date.now() - started },
        `${this.service}: workers stopped, jobs in flight finished`,
      );
      await closeApp();
      // Connections closed a moment ago may still be finishing (a Redis QUIT, a server's close).
      const open = await settledResources(3_000);
      this.logger.info({ openResources: open, ms: Date.now() - started }, `${this.service}: stopped`);
      process.exit(0);
    } catch (error) {
      this.logger.error({ err: error }, `${this.service}: shutdown failed`);
      process.exit(1);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.onSignal) for (const signal of this.signals) process.off(signal, this.onSignal);
    await this.ops?.close();
    await this.closeMetrics?.();
    this.redis?.disconnect();
  }
}

/**
 * The resources still holding the event loop (stdio and timers aside), once sockets have had up to
 * `timeoutMs` to finish closing: what would keep a plain exit waiting, named in the last log line.
 */
async function settledResources(timeoutMs: number): Promise<string[]> {
  const open = () =>
    process
      .getActiveResourcesInfo()
      .filter(
        (resource) => !['TTYWrap', 'PipeWrap', 'Timeout', 'Immediate', 'FSReqCallback'].includes(resource),
      );
  const deadline = Date.now() + timeoutMs;
  while (open().some((resource) => resource.startsWith('TCP')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return open();
}

export async function runService(options: RunServiceOptions): Promise<void> {
  try {
    const { app, config, logger } = await createServiceApp(options);
    await app.listen();
    logger.info({ config: describeConfig(config) }, `${options.service} service ready`);
  } catch (error) {
    // One readable line for a start-up failure (bad configuration, database unreachable…).
    process.stderr.write(`${options.service}: failed to start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
