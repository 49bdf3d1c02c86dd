import { sqlMigration } from '@starborn/database';

/**
 * Art versions: a premium hero's art can be made anew. Every version's images stay in hero_images
 * (version 0 being the first art), the hero names the version shown and counts its ready
 * recreations, and each recreation has a row saying whether it is being made, ready or failed.
 */
export const AddArtVersions1764200000000 = sqlMigration('AddArtVersions1764200000000', {
  up: [
    `ALTER TABLE "heroes"."heroes" ADD COLUMN "art_version" int NOT NULL DEFAULT 0 CHECK ("art_version" BETWEEN 0 AND 3)`,
    // How many recreations are ready, kept with the hero so the hot hero read counts nothing.
    `ALTER TABLE "heroes"."heroes" ADD COLUMN "art_recreations" int NOT NULL DEFAULT 0 CHECK ("art_recreations" BETWEEN 0 AND 3)`,
    `ALTER TABLE "heroes"."hero_images" ADD COLUMN "version" int NOT NULL DEFAULT 0 CHECK ("version" BETWEEN 0 AND 3)`,
    `ALTER TABLE "heroes"."hero_images" DROP CONSTRAINT "hero_images_pkey"`,
    `ALTER TABLE "heroes"."hero_images" ADD PRIMARY KEY ("hero_id", "version", "angle")`,
    `
      CREATE TABLE "heroes"."hero_art_versions" (
        "hero_id" char(32) NOT NULL REFERENCES "heroes"."heroes" ("id") ON DELETE CASCADE,
        "version" int NOT NULL CHECK ("version" BETWEEN 1 AND 3),
        "status" text NOT NULL CHECK ("status" IN ('generating', 'ready', 'failed')),
        "attempt" int NOT NULL DEFAULT 1,
        "error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("hero_id", "version")
      )`,
  ],
  down: [
    `DROP TABLE "heroes"."hero_art_versions"`,
    `DELETE FROM "heroes"."hero_images" WHERE "version" > 0`,
    `ALTER TABLE "heroes"."hero_images" DROP CONSTRAINT "hero_images_pkey"`,
    `ALTER TABLE "heroes"."hero_images" ADD PRIMARY KEY ("hero_id", "angle")`,
    `ALTER TABLE "heroes"."hero_images" DROP COLUMN "version"`,
    `ALTER TABLE "heroes"."heroes" DROP COLUMN "art_recreations"`,
    `ALTER TABLE "heroes"."heroes" DROP COLUMN "art_version"`,
  ],
});
