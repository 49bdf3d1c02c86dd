import type { MigrationInterface, QueryRunner } from 'typeorm';
import pg from 'pg';
import { testDatabase } from '@starborn/testing';
import { openServiceDatabase } from './service-database.js';

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';
  async up(db: QueryRunner): Promise<void> {
    // Slow on purpose, so instances that start together would collide without the lock.
    await db.query('SELECT pg_sleep(0.2)');
    await db.query(`CREATE TABLE "widgets"."widgets" ("id" serial PRIMARY KEY)`);
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "widgets"."widgets"`);
  }
}

describe('openServiceDatabase', () => {
  const database = testDatabase('database');
  afterAll(() => database.drop());

  it('creates the database and the schema, and migrates once when three instances start together', async () => {
    const options = {
      url: database.url,
      schema: 'widgets',
      entities: [],
      migrations: [CreateWidgets1700000000000],
    };
    const sources = await Promise.all([
      openServiceDatabase(options),
      openServiceDatabase(options),
      openServiceDatabase(options),
    ]);
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const history = await client.query('SELECT name FROM widgets.migrations');
      const tables = await client.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'widgets' ORDER BY 1`,
      );
      await client.end();
      expect(history.rows).toEqual([{ name: 'CreateWidgets1700000000000' }]);
      expect(tables.rows.map((row) => row.table_name)).toEqual(['migrations', 'widgets']);
    } finally {
      await Promise.all(sources.map((source) => source.destroy()));
    }
  });
});
