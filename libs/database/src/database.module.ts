import { Module, type DynamicModule, type InjectionToken } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  openServiceDatabase,
  serviceDataSourceOptions,
  type ServiceDatabaseOptions,
} from './service-database.js';

export interface DatabaseModuleOptions {
  inject?: InjectionToken[];
  useFactory: (...args: any[]) => ServiceDatabaseOptions;
}

/** TypeORM for one service: its own schema, migrated before the service takes any message. */
@Module({})
export class DatabaseModule {
  static forService(options: DatabaseModuleOptions): DynamicModule {
    let resolved: ServiceDatabaseOptions;
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: options.inject ?? [],
          useFactory: (...args: unknown[]) => {
            resolved = options.useFactory(...args);
            return serviceDataSourceOptions(resolved);
          },
          dataSourceFactory: async () => openServiceDatabase(resolved),
        }),
      ],
    };
  }
}
