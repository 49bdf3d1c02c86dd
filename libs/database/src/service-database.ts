import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { ensureDatabase } from './ensure-database.js';
import { SnakeCaseNamingStrategy } from './naming.js';

export interface ServiceDatabaseOptions {
  url: string;
  /** The PostgreSQL schema the service owns alone; its tables and migration history live there. */
  schema: string;
  entities: MixedList<Function | string | EntitySchema>;
  migrations: MixedList<Function | string>;
  /** Pool size per instance. */
  poolSize?: number;
  logging?: boolean;
}

export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeCaseNamingStrategy(),
    migrationsRun: false,
    synchronize: false,
    logging: options.logging ?? false,
    extra: { max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000 },
  };
}

/**
 * Opens a service's database: creates the database and the service's schema if missing, then runs
 * its pending migrations. A PostgreSQL advisory lock per schema makes instances that start together
 * migrate one after the other instead of racing.
 */
export async function openServiceDatabase(options: ServiceDatabaseOptions): Promise<DataSource> {
  await ensureDatabase(options.url);
  const dataSource = new DataSource(serviceDataSourceOptions(options));
  await dataSource.initialize();
  try {
    await migrate(dataSource, options.schema);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

async function migrate(dataSource: DataSource, schema: string): Promise<void> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`starborn:migrate:${schema}`]);
    await lock.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`starborn:migrate:${schema}`])
      .catch(() => undefined);
    await lock.release();
  }
}
