import { sqlMigration } from '@starborn/database';

export const CreateHeroes1763800000000 = sqlMigration('CreateHeroes1763800000000', {
  up: [
    `
      CREATE TABLE "heroes"."heroes" (
        "id" char(32) PRIMARY KEY CHECK ("id" ~ '^[0-9a-f]{32}$'),
        "owner_id" uuid NOT NULL,
        "name" text NOT NULL,
        "birthdate" date NOT NULL,
        "western" jsonb NOT NULL,
        "chinese" jsonb NOT NULL,
        "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'generating', 'complete', 'error')),
        "payment_status" text NOT NULL DEFAULT 'unpaid' CHECK ("payment_status" IN ('unpaid', 'paid')),
        "nft_id" text,
        "backstory" text,
        "generation_attempt" int NOT NULL DEFAULT 0,
        "generation_error" text,
        "generated_by" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX "heroes_owner_idx" ON "heroes"."heroes" ("owner_id", "created_at")`,
    // One non-premium hero per user, decided by the database: two parallel creations cannot both pass.
    `CREATE UNIQUE INDEX "heroes_one_unpaid_per_owner" ON "heroes"."heroes" ("owner_id") WHERE "payment_status" = 'unpaid'`,
    `
      CREATE TABLE "heroes"."hero_images" (
        "hero_id" char(32) NOT NULL REFERENCES "heroes"."heroes" ("id") ON DELETE CASCADE,
        "angle" text NOT NULL CHECK ("angle" IN ('front', 'profile', 'action')),
        "position" int NOT NULL,
        "prompt" text NOT NULL,
        "full_key" text NOT NULL,
        "preview_key" text NOT NULL,
        PRIMARY KEY ("hero_id", "angle")
      )`,
  ],
  down: [`DROP TABLE "heroes"."hero_images"`, `DROP TABLE "heroes"."heroes"`],
});
