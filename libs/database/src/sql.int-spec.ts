import pg from 'pg';
import { DataSource } from 'typeorm';
import { testDatabase } from '@starborn/testing';
import { ensureDatabase } from './ensure-database.js';
import { inTransaction, poolOf, sqlOf } from './sql.js';

// The shapes returnedRows reads are TypeORM's and pg's: checked here against the real PostgreSQL.
describe('sqlOf on PostgreSQL', () => {
  const database = testDatabase('database_sql');
  let dataSource: DataSource;
  let client: pg.Client;

  beforeAll(async () => {
    await ensureDatabase(database.url);
    dataSource = new DataSource({ type: 'postgres', url: database.url });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)');
    await dataSource.query('INSERT INTO counters VALUES (1, 0), (2, 0)');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await dataSource?.destroy();
    await database.drop();
  });

  it('answers the rows of a SELECT, an INSERT … RETURNING and an UPDATE … RETURNING through TypeORM', async () => {
    const sql = sqlOf(dataSource);
    expect(await sql('SELECT id FROM counters ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await sql('INSERT INTO counters VALUES (3, 0) RETURNING id')).toEqual([{ id: 3 }]);
    expect(await sql('UPDATE counters SET n = n + 1 WHERE id <= $1 RETURNING id, n', [2])).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 1 },
    ]);
    expect(await sql('UPDATE counters SET n = 0 WHERE id = 99 RETURNING id')).toEqual([]);
    expect(await sql('DELETE FROM counters WHERE id = 3 RETURNING id')).toEqual([{ id: 3 }]);
  });

  it('answers the same rows through a plain pg client', async () => {
    const sql = sqlOf(client);
    expect(await sql('UPDATE counters SET n = n WHERE id = $1 RETURNING id', [1])).toEqual([{ id: 1 }]);
  });

  it("answers the same rows straight from the data source's pool, and refuses a data source not opened", async () => {
    const sql = sqlOf(poolOf(dataSource));
    expect(await sql('SELECT id FROM counters WHERE id = $1', [2])).toEqual([{ id: 2 }]);
    expect(() => poolOf(new DataSource({ type: 'postgres', url: database.url }))).toThrow(
      'The data source has no PostgreSQL pool',
    );
  });

  it('commits the work of a transaction, and rolls it back when the work fails', async () => {
    await inTransaction(dataSource, (sql) => sql('UPDATE counters SET n = 10 WHERE id = 1'));
    await expect(
      inTransaction(dataSource, async (sql) => {
        await sql('UPDATE counters SET n = 20 WHERE id = 1');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await sqlOf(dataSource)('SELECT n FROM counters WHERE id = 1')).toEqual([{ n: 10 }]);
  });
});
