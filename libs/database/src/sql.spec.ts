import type { DataSource } from 'typeorm';
import { inTransaction, returnedRows, sqlOf, type Queryable, type Sql } from './sql.js';

describe('returnedRows', () => {
  it('reads the rows of a SELECT as TypeORM answers it (the rows themselves)', () => {
    expect(returnedRows([{ id: 1 }, { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(returnedRows([])).toEqual([]);
  });

  it('reads the rows of an UPDATE … RETURNING as TypeORM answers it ([rows, affected count])', () => {
    expect(returnedRows([[{ owner_id: 'a' }], 1])).toEqual([{ owner_id: 'a' }]);
    expect(returnedRows([[], 0])).toEqual([]);
  });

  it('reads the rows of a plain pg client result', () => {
    expect(returnedRows({ rows: [{ n: 3 }], rowCount: 1, command: 'SELECT' })).toEqual([{ n: 3 }]);
  });

  it('answers no rows for a result that holds none', () => {
    expect(returnedRows(undefined)).toEqual([]);
    expect(returnedRows(null)).toEqual([]);
    expect(returnedRows({ rowCount: 0 })).toEqual([]);
  });
});

describe('sqlOf', () => {
  it('passes the text and parameters through and answers the rows', async () => {
    const calls: [string, unknown[] | undefined][] = [];
    const runner: Queryable = {
      query: async (text, params) => {
        calls.push([text, params]);
        return [[{ id: 'x' }], 1];
      },
    };
    const rows = await sqlOf(runner)<{ id: string }>('UPDATE t SET a = $1 RETURNING id', [5]);
    expect(rows).toEqual([{ id: 'x' }]);
    expect(calls).toEqual([['UPDATE t SET a = $1 RETURNING id', [5]]]);
  });

  it('lets a failing query reject', async () => {
    const sql = sqlOf({ query: () => Promise.reject(new Error('relation does not exist')) });
    await expect(sql('SELECT 1')).rejects.toThrow('relation does not exist');
  });

  it('types the rows by the caller', async () => {
    const sql: Sql = sqlOf({ query: async () => [{ n: 1 }] });
    const [row] = await sql<{ n: number }>('SELECT 1 AS n');
    const n: number = row.n;
    expect(n).toBe(1);
    // @ts-expect-error a column the row type does not declare
    expect(row.missing).toBeUndefined();
  });
});

describe('inTransaction', () => {
  it('runs the work on the transaction manager and answers what the work answers', async () => {
    const manager: Queryable = { query: async (text) => [{ text }] };
    let transactions = 0;
    const dataSource = {
      transaction: async <T>(work: (m: Queryable) => Promise<T>) => {
        transactions++;
        return work(manager);
      },
    } as unknown as DataSource;
    const answer = await inTransaction(
      dataSource,
      async (sql) => (await sql<{ text: string }>('SELECT 1'))[0],
    );
    expect(answer).toEqual({ text: 'SELECT 1' });
    expect(transactions).toBe(1);
  });
});
