import type { MigrationInterface, QueryRunner } from 'typeorm';

export interface MigrationStatements {
  /** Run in order when the migration is applied. */
  up: string[];
  /** Run in order when it is rolled back. */
  down: string[];
}

/**
 * A migration that is a list of SQL statements each way. TypeORM records and orders migrations by
 * `name`, which ends with the timestamp, so the name must never change once applied.
 */
export function sqlMigration(name: string, statements: MigrationStatements): new () => MigrationInterface {
  const run = async (db: QueryRunner, list: string[]): Promise<void> => {
    for (const statement of list) await db.query(statement);
  };
  return class implements MigrationInterface {
    name = name;
    up = (db: QueryRunner) => run(db, statements.up);
    down = (db: QueryRunner) => run(db, statements.down);
  };
}

/** The statements that give a table's CHECK constraint a new condition (there is no ALTER for one). */
export function replaceCheck(table: string, constraint: string, condition: string): string[] {
  return [
    `ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS "${constraint}"`,
    `ALTER TABLE ${table} ADD CONSTRAINT "${constraint}" CHECK (${condition})`,
  ];
}
