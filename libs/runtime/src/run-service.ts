import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BullMqServer, ErrorShapeFilter } from '@starborn/messaging';
import { messages, type BackendService } from '@starborn/contracts';
import type { Logger as PinoLogger } from 'pino';
import { baseEnvSchema, describeConfig, loadConfig, type BaseConfig } from './config.js';
import { createLogger, NestPinoLogger } from './logger.js';

/** Injection token of the validated base configuration. */
export const BASE_CONFIG = Symbol('BASE_CONFIG');
export const LOGGER = Symbol('LOGGER');
/** The environment the service was started with, for service-specific configuration schemas. */
export const ENV = Symbol('ENV');

@Global()
@Module({})
class RuntimeModule {
  static with(config: BaseConfig, logger: PinoLogger, env: NodeJS.ProcessEnv): DynamicModule {
    return {
      module: RuntimeModule,
      providers: [
        { provide: BASE_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: ENV, useValue: env },
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
 * Boots a backend service: validates its environment, logs JSON, consumes its BullMQ queues, and
 * shuts down cleanly on SIGTERM/SIGINT (jobs in flight finish first).
 */
export async function createServiceApp({ service, module, env = process.env }: RunServiceOptions) {
  const config = loadConfig(baseEnvSchema, env);
  const logger = createLogger(service, config.LOG_LEVEL);

  @Module({ imports: [RuntimeModule.with(config, logger, env), module] })
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
  app.enableShutdownHooks();
  return { app, config, logger };
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
