import type { QueryRunner } from 'typeorm';
import { replaceCheck, sqlMigration } from './migration.js';

function recorder(): { runner: QueryRunner; ran: string[] } {
  const ran: string[] = [];
  return { runner: { query: async (text: string) => ran.push(text) } as unknown as QueryRunner, ran };
}

describe('sqlMigration', () => {
  const CreateThings = sqlMigration('CreateThings1700000000000', {
    up: ['CREATE TABLE a ()', 'CREATE TABLE b ()'],
    down: ['DROP TABLE b', 'DROP TABLE a'],
  });

  it('is a migration class named as given, which TypeORM records and orders by', () => {
    expect(new CreateThings().name).toBe('CreateThings1700000000000');
  });

  it('runs the up statements in order, and the down statements in order', async () => {
    const { runner, ran } = recorder();
    await new CreateThings().up(runner);
    await new CreateThings().down(runner);
    expect(ran).toEqual(['CREATE TABLE a ()', 'CREATE TABLE b ()', 'DROP TABLE b', 'DROP TABLE a']);
  });

  it('stops at the first statement that fails', async () => {
    const ran: string[] = [];
    const runner = {
      query: async (text: string) => {
        ran.push(text);
        throw new Error('syntax error');
      },
    } as unknown as QueryRunner;
    await expect(new CreateThings().up(runner)).rejects.toThrow('syntax error');
    expect(ran).toEqual(['CREATE TABLE a ()']);
  });
});

describe('replaceCheck', () => {
  it('drops the constraint if it exists, then adds it with the new condition', () => {
    expect(replaceCheck('"s"."t"', 't_kind_check', `"kind" IN ('a', 'b')`)).toEqual([
      `ALTER TABLE "s"."t" DROP CONSTRAINT IF EXISTS "t_kind_check"`,
      `ALTER TABLE "s"."t" ADD CONSTRAINT "t_kind_check" CHECK ("kind" IN ('a', 'b'))`,
    ]);
  });
});
