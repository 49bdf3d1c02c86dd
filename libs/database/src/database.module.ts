import { Module, type DynamicModule, type InjectionToken } from '@nestjs/common';
import { getDataSourceToken, getEntityManagerToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  openServiceDatabase,
  serviceDataSourceOptions,
  type ServiceDatabaseOptions,
} from './service-database.js';

export interface DatabaseModuleOptions {
  /** The data source's name: the service's, so that several services in one process stay apart. */
  name: string;
  inject?: InjectionToken[];
  useFactory: (...args: any[]) => ServiceDatabaseOptions;
}

/**
 * TypeORM for one service: its own schema, migrated before the service takes any message.
 *
 * The data source is registered under the service's name (TypeORM's registry of names is per process,
 * and the integration tests run several services in one), and offered under the plain `DataSource`
 * and `EntityManager` tokens too, so a service's classes inject it with `@InjectDataSource()` and
 * `@InjectEntityManager()` without naming their service.
 */
@Module({})
export class DatabaseModule {
  static forService(options: DatabaseModuleOptions): DynamicModule {
    let resolved: ServiceDatabaseOptions;
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          name: options.name,
          inject: options.inject ?? [],
          useFactory: (...args: unknown[]) => {
            resolved = options.useFactory(...args);
            return serviceDataSourceOptions(resolved);
          },
          dataSourceFactory: async () => openServiceDatabase(resolved),
        }),
      ],
      providers: [
        { provide: DataSource, useExisting: getDataSourceToken(options.name) },
        { provide: EntityManager, useExisting: getEntityManagerToken(options.name) },
      ],
      exports: [DataSource, EntityManager],
    };
  }
}
