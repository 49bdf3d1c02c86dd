import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateShareLinks1764000000000 implements MigrationInterface {
  name = 'CreateShareLinks1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "heroes"."share_links" (
        "id" text PRIMARY KEY CHECK ("id" ~ '^[A-Za-z0-9_-]{24}$'),
        "hero_id" char(32) NOT NULL REFERENCES "heroes"."heroes" ("id") ON DELETE CASCADE,
        "owner_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "access_count" int NOT NULL DEFAULT 0,
        "is_active" boolean NOT NULL DEFAULT true,
        "deactivated_at" timestamptz,
        CHECK ("is_active" = ("deactivated_at" IS NULL))
      )`);
    // One active link per hero, decided by the database: two parallel "share" clicks get the same link.
    await db.query(
      `CREATE UNIQUE INDEX "share_links_one_active_per_hero" ON "heroes"."share_links" ("hero_id") WHERE "is_active"`,
    );
    await db.query(
      `CREATE INDEX "share_links_owner_idx" ON "heroes"."share_links" ("owner_id", "created_at")`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "heroes"."share_links"`);
  }
}
