import { sqlMigration } from '@starborn/database';

export const CreateShareLinks1764000000000 = sqlMigration('CreateShareLinks1764000000000', {
  up: [
    `
      CREATE TABLE "heroes"."share_links" (
        "id" text PRIMARY KEY CHECK ("id" ~ '^[A-Za-z0-9_-]{24}$'),
        "hero_id" char(32) NOT NULL REFERENCES "heroes"."heroes" ("id") ON DELETE CASCADE,
        "owner_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "access_count" int NOT NULL DEFAULT 0,
        "is_active" boolean NOT NULL DEFAULT true,
        "deactivated_at" timestamptz,
        CHECK ("is_active" = ("deactivated_at" IS NULL))
      )`,
    // One active link per hero, decided by the database: two parallel "share" clicks get the same link.
    `CREATE UNIQUE INDEX "share_links_one_active_per_hero" ON "heroes"."share_links" ("hero_id") WHERE "is_active"`,
    `CREATE INDEX "share_links_owner_idx" ON "heroes"."share_links" ("owner_id", "created_at")`,
  ],
  down: [`DROP TABLE "heroes"."share_links"`],
});
