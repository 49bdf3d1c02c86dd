import type { DataSource } from 'typeorm';

/** SQL text and parameters to rows: wraps a TypeORM DataSource or a transaction's manager. */
export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

interface Queryable {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

export function sqlOf(runner: Queryable): Sql {
  return async <T>(text: string, params?: unknown[]) => returnedRows<T>(await runner.query(text, params));
}

/** TypeORM answers an UPDATE … RETURNING on PostgreSQL with [rows, count]; other statements with rows. */
function returnedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** Runs `work` in one transaction (READ COMMITTED: the row locks taken inside decide who goes first). */
export function inTransaction<T>(dataSource: DataSource, work: (sql: Sql) => Promise<T>): Promise<T> {
  return dataSource.transaction((manager) => work(sqlOf(manager)));
}
