import type { DynamicModule, FactoryProvider, InjectionToken } from '@nestjs/common';
import type { BackendService } from '@starborn/contracts';
import { DatabaseModule, type ServiceDatabaseOptions } from '@starborn/database';
import { MessageBusModule } from '@starborn/messaging';
import type { z } from 'zod';
import { loadConfig, type BaseConfig } from './config.js';
import { HealthModule } from './health.module.js';
import { BASE_CONFIG, ENV } from './run-service.js';

export interface ServiceImports {
  service: BackendService;
  /** The service's tables; it owns the schema named after it. None: a service without tables. */
  database?: Pick<ServiceDatabaseOptions, 'entities' | 'migrations'>;
  /** Whether the service calls other services or emits events (answering them needs no client). */
  messageBus?: boolean;
}

/**
 * The modules every service imports, configured from the base configuration `runService` provides, so
 * that a service module lists only what is its own: its tables, handlers and providers.
 */
export function serviceImports({ service, database, messageBus }: ServiceImports): DynamicModule[] {
  const imports = [HealthModule.forService(service)];
  if (database) {
    imports.push(
      DatabaseModule.forService({
        name: service,
        inject: [BASE_CONFIG],
        useFactory: (config: BaseConfig) => ({
          ...database,
          schema: service,
          url: config.DATABASE_URL,
          poolSize: config.DB_POOL_SIZE,
        }),
      }),
    );
  }
  if (messageBus) {
    imports.push(
      MessageBusModule.register({
        inject: [BASE_CONFIG],
        useFactory: (config: BaseConfig) => ({
          url: config.REDIS_URL,
          prefix: config.REDIS_PREFIX,
          timeoutMs: config.RPC_TIMEOUT_MS,
        }),
      }),
    );
  }
  return imports;
}

/** The service's own configuration, validated from the environment the service was started with. */
export function serviceConfig<S extends z.ZodType>(
  token: InjectionToken,
  schema: S,
): FactoryProvider<z.infer<S>> {
  return {
    provide: token,
    inject: [ENV],
    useFactory: (env: NodeJS.ProcessEnv) => loadConfig(schema, env),
  };
}
