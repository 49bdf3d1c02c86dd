import { ART_RECREATIONS_MAX, type ArtVersionStatus, type HeroGeneratedEvent } from '@starborn/contracts';
import { sqlOf, type Queryable } from '@starborn/database';
import type { EntityManager } from 'typeorm';
import type { HeroImage } from './hero-image.entity.js';
import { upsertArtImages } from './hero.queries.js';

/** One recreation of a hero's art (versions 1…3; version 0, the first art, is the hero's own). */
export interface ArtRecreation {
  heroId: string;
  version: number;
  status: ArtVersionStatus;
  attempt: number;
  createdAt: Date;
}

interface ArtRecreationRow {
  hero_id: string;
  version: number;
  status: ArtVersionStatus;
  attempt: number;
  created_at: Date;
}

const recreationFromRow = (row: ArtRecreationRow): ArtRecreation => ({
  heroId: row.hero_id,
  version: row.version,
  status: row.status,
  attempt: row.attempt,
  createdAt: row.created_at,
});

/** The recreations of these heroes, in version order. */
export async function recreationsOf(db: Queryable, heroIds: string[]): Promise<ArtRecreation[]> {
  if (heroIds.length === 0) return [];
  const rows = await sqlOf(db)<ArtRecreationRow>(
    `SELECT hero_id, version, status, attempt, created_at FROM heroes.hero_art_versions
     WHERE hero_id = ANY($1) ORDER BY hero_id, version`,
    [heroIds],
  );
  return rows.map(recreationFromRow);
}

/** The images of every art version of these heroes. */
export async function artImagesOf(db: Queryable, heroIds: string[]): Promise<HeroImage[]> {
  if (heroIds.length === 0) return [];
  return sqlOf(db)<HeroImage>(
    `SELECT hero_id AS "heroId", version, angle, position, prompt, full_key AS "fullKey",
       preview_key AS "previewKey"
     FROM heroes.hero_images WHERE hero_id = ANY($1) ORDER BY hero_id, version, position`,
    [heroIds],
  );
}

/**
 * Starts the hero's next recreation in one statement, so parallel requests start one: the version after
 * the ready ones, while none is being made and fewer than ART_RECREATIONS_MAX are ready. A failed
 * version at that number is started again under its next attempt (a failure uses up nothing). The
 * recreation started, or undefined when another request got there first.
 */
export async function startRecreation(db: EntityManager, heroId: string): Promise<ArtRecreation | undefined> {
  const [started] = await sqlOf(db)<ArtRecreationRow>(
    `WITH ready AS (
       SELECT count(*)::int AS n FROM heroes.hero_art_versions WHERE hero_id = $1 AND status = 'ready'
     )
     INSERT INTO heroes.hero_art_versions AS v (hero_id, version, status)
     SELECT $1, ready.n + 1, 'generating' FROM ready
     WHERE ready.n < $2
       AND NOT EXISTS (SELECT 1 FROM heroes.hero_art_versions WHERE hero_id = $1 AND status = 'generating')
     ON CONFLICT (hero_id, version) DO UPDATE
       SET status = 'generating', attempt = v.attempt + 1, error = NULL, created_at = now(), updated_at = now()
       WHERE v.status = 'failed'
     RETURNING hero_id, version, status, attempt, created_at`,
    [heroId, ART_RECREATIONS_MAX],
  );
  return started ? recreationFromRow(started) : undefined;
}

/**
 * generating → ready with its images, for the current attempt of that version only, in one
 * transaction. The owner of the hero, or undefined for a stale or repeated result.
 */
export function storeRecreatedArt(db: EntityManager, event: HeroGeneratedEvent): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    // The version becomes ready and the hero counts it, in one statement: a repeated event finds the
    // version ready already and changes nothing.
    const [updated] = await sqlOf(tx)<{ owner_id: string }>(
      `WITH ready AS (
         UPDATE heroes.hero_art_versions SET status = 'ready', updated_at = now()
         WHERE hero_id = $1 AND version = $2 AND attempt = $3 AND status = 'generating'
         RETURNING hero_id
       )
       UPDATE heroes.heroes h SET art_recreations = h.art_recreations + 1
       FROM ready WHERE h.id = ready.hero_id
       RETURNING h.owner_id`,
      [event.heroId, event.variant, event.attempt],
    );
    if (!updated) return undefined;
    await upsertArtImages(tx, event.heroId, event.variant ?? 0, event.images);
    return updated.owner_id;
  });
}

/** generating → failed for the current attempt of that version only. The owner of the hero, if it failed it. */
export async function markRecreationFailed(
  db: EntityManager,
  heroId: string,
  version: number,
  attempt: number,
  reason: string,
): Promise<string | undefined> {
  const [updated] = await sqlOf(db)<{ owner_id: string }>(
    `UPDATE heroes.hero_art_versions v SET status = 'failed', error = $4, updated_at = now()
     FROM heroes.heroes h
     WHERE v.hero_id = $1 AND v.version = $2 AND v.attempt = $3 AND v.status = 'generating' AND h.id = v.hero_id
     RETURNING h.owner_id`,
    [heroId, version, attempt, reason],
  );
  return updated?.owner_id;
}

/**
 * Shows this art version of the owner's hero: version 0 once the first art is made, a recreation once
 * ready. True when the hero now shows it.
 */
export async function chooseArtVersion(
  db: EntityManager,
  heroId: string,
  ownerId: string,
  version: number,
): Promise<boolean> {
  const updated = await sqlOf(db)<{ id: string }>(
    `UPDATE heroes.heroes h SET art_version = $3, updated_at = now()
     WHERE h.id = $1 AND h.owner_id = $2
       AND (($3 = 0 AND h.status = 'complete') OR EXISTS (
         SELECT 1 FROM heroes.hero_art_versions v WHERE v.hero_id = h.id AND v.version = $3 AND v.status = 'ready'))
     RETURNING h.id`,
    [heroId, ownerId, version],
  );
  return updated.length === 1;
}
