import type { DataSource } from 'typeorm';

/**
 * How the query modules talk to PostgreSQL: a function from SQL text and parameters to rows. Inside a
 * service it wraps a TypeORM DataSource, EntityManager or QueryRunner; a benchmark or a test may wrap a
 * plain `pg` client instead, so it runs the very statements the service runs.
 */
export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** Anything that runs SQL text with parameters: a TypeORM DataSource, EntityManager or QueryRunner, a `pg` client. */
export interface Queryable {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

/**
 * The rows of a query result, whoever answered it. TypeORM answers an UPDATE or DELETE … RETURNING on
 * PostgreSQL with [rows, affected count] and other statements with the rows; a plain `pg` client answers
 * with a result object holding them in `rows`.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return (Array.isArray(result[0]) ? result[0] : result) as T[];
  if (isPgResult(result)) return result.rows as T[];
  return [];
}

export function sqlOf(runner: Queryable): Sql {
  return async <T>(text: string, params?: unknown[]) => returnedRows<T>(await runner.query(text, params));
}

/**
 * The connection pool under a TypeORM data source on PostgreSQL, for reads that run outside any
 * transaction: a statement goes straight to the pool instead of through a query runner that the ORM
 * creates, connects and releases around every statement (most of a hot read's cost in the service).
 */
export function poolOf(dataSource: DataSource): Queryable {
  // TypeORM's PostgreSQL driver keeps its pg Pool as `master` once the data source is initialised.
  const pool = (dataSource.driver as unknown as { master?: Queryable }).master;
  if (typeof pool?.query !== 'function') {
    throw new Error('The data source has no PostgreSQL pool: it is not initialised, or not on PostgreSQL.');
  }
  return pool;
}

/** Runs `work` in one transaction (READ COMMITTED: the row locks taken inside decide who goes first). */
export function inTransaction<T>(dataSource: DataSource, work: (sql: Sql) => Promise<T>): Promise<T> {
  return dataSource.transaction((manager) => work(sqlOf(manager)));
}

function isPgResult(result: unknown): result is { rows: unknown[] } {
  return typeof result === 'object' && result !== null && Array.isArray((result as { rows?: unknown }).rows);
}
