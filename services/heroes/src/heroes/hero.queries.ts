import type { HeroGeneratedEvent, HeroStatus } from '@starborn/contracts';
import { sqlOf, type Queryable } from '@starborn/database';
import type { EntityManager } from 'typeorm';
import { HeroImage } from './hero-image.entity.js';
import { Hero } from './hero.entity.js';

/** What a new hero is stored with; the rest takes the table's defaults. */
export type NewHero = Pick<
  Hero,
  'id' | 'ownerId' | 'name' | 'birthdate' | 'western' | 'chinese' | 'status' | 'paymentStatus'
>;

/** insert, not save: save would quietly update a hero that already has this id (here it fails). */
export async function insertHero(db: EntityManager, hero: NewHero): Promise<void> {
  await db.getRepository(Hero).insert(hero);
}

/**
 * A hero row with the images of its shown art version gathered into one JSON column, so a hero with its
 * images is one statement and one row (an ORM relation load sends two statements and hydrates entity
 * objects on the hot read). Everything that reads a hero this way (the hero page, share, download and
 * book) shows the chosen version.
 */
const HERO_WITH_IMAGES = `
  SELECT h.id, h.owner_id, h.name, to_char(h.birthdate, 'YYYY-MM-DD') AS birthdate, h.western, h.chinese,
    h.status, h.payment_status, h.nft_id, h.backstory, h.generation_attempt, h.generation_error,
    h.generated_by, h.created_at, h.updated_at, h.art_version, h.art_recreations,
    COALESCE((
      SELECT json_agg(json_build_object(
        'heroId', i.hero_id, 'version', i.version, 'angle', i.angle, 'position', i.position,
        'prompt', i.prompt, 'fullKey', i.full_key, 'previewKey', i.preview_key) ORDER BY i.position)
      FROM heroes.hero_images i WHERE i.hero_id = h.id AND i.version = h.art_version
    ), '[]'::json) AS images
  FROM heroes.heroes h`;

/** One row of HERO_WITH_IMAGES as the column names give it. */
export interface HeroRow {
  id: string;
  owner_id: string;
  name: string;
  birthdate: string;
  western: Hero['western'];
  chinese: Hero['chinese'];
  status: Hero['status'];
  payment_status: Hero['paymentStatus'];
  nft_id: string | null;
  backstory: string | null;
  generation_attempt: number;
  generation_error: string | null;
  generated_by: string | null;
  created_at: Date;
  updated_at: Date;
  art_version: number;
  art_recreations: number;
  images: HeroImage[];
}

/** A row of HERO_WITH_IMAGES as the hero the services work with. */
export function heroFromRow(row: HeroRow): Hero {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    birthdate: row.birthdate,
    western: row.western,
    chinese: row.chinese,
    status: row.status,
    paymentStatus: row.payment_status,
    nftId: row.nft_id,
    backstory: row.backstory,
    generationAttempt: row.generation_attempt,
    generationError: row.generation_error,
    generatedBy: row.generated_by,
    artVersion: row.art_version,
    artRecreationsUsed: row.art_recreations,
    images: row.images,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The statement that finds an owner's hero with its images ($1 the hero, $2 the owner). */
export const OWNED_HERO_WITH_IMAGES = `${HERO_WITH_IMAGES} WHERE h.id = $1 AND h.owner_id = $2`;

async function heroesWithImages(db: Queryable, text: string, params: unknown[]): Promise<Hero[]> {
  return (await sqlOf(db)<HeroRow>(text, params)).map(heroFromRow);
}

/** The hero with its images, if it belongs to this owner. */
export async function findOwnedHero(db: Queryable, heroId: string, ownerId: string): Promise<Hero | null> {
  const [hero] = await heroesWithImages(db, OWNED_HERO_WITH_IMAGES, [heroId, ownerId]);
  return hero ?? null;
}

/** The hero alone (no images), if it belongs to this owner. */
export function findOwnedHeroAlone(db: EntityManager, heroId: string, ownerId: string): Promise<Hero | null> {
  return db.getRepository(Hero).findOneBy({ id: heroId, ownerId });
}

/** The hero alone (no images), whoever owns it. */
export function findHero(db: EntityManager, heroId: string): Promise<Hero | null> {
  return db.getRepository(Hero).findOneBy({ id: heroId });
}

/** The hero with its images, whoever owns it. */
export async function findHeroWithImages(db: EntityManager, heroId: string): Promise<Hero | null> {
  const [hero] = await heroesWithImages(db, `${HERO_WITH_IMAGES} WHERE h.id = $1`, [heroId]);
  return hero ?? null;
}

/** The owner's heroes with their images, newest first. */
export function heroesOf(db: EntityManager, ownerId: string): Promise<Hero[]> {
  return heroesWithImages(db, `${HERO_WITH_IMAGES} WHERE h.owner_id = $1 ORDER BY h.created_at DESC`, [
    ownerId,
  ]);
}

/** The hero's payment status alone, if it belongs to this owner. */
export function findOwnedPaymentStatus(
  db: EntityManager,
  heroId: string,
  ownerId: string,
): Promise<Pick<Hero, 'id' | 'paymentStatus'> | null> {
  return db.getRepository(Hero).findOne({
    where: { id: heroId, ownerId },
    select: { id: true, paymentStatus: true },
  });
}

/**
 * pending or error → generating, with the next attempt number, in one conditional update (so parallel
 * calls start one generation). The attempt started, or undefined when the hero was not startable.
 */
export async function startGeneration(db: EntityManager, heroId: string): Promise<number | undefined> {
  const started = await sqlOf(db)<{ generation_attempt: number }>(
    `UPDATE heroes.heroes
      SET status = 'generating', generation_attempt = generation_attempt + 1, generation_error = NULL, updated_at = now()
    WHERE id = $1 AND status IN ('pending', 'error')
    RETURNING generation_attempt`,
    [heroId],
  );
  return started.length === 1 ? started[0].generation_attempt : undefined;
}

/**
 * generating → complete with its backstory and images, for the current attempt only, in one
 * transaction. The owner of the hero it completed, or undefined for a stale or repeated result.
 */
export function storeGeneratedHero(
  db: EntityManager,
  event: HeroGeneratedEvent,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const updated = await sqlOf(tx)<{ owner_id: string }>(
      `UPDATE heroes.heroes
        SET status = 'complete', backstory = $3, generated_by = $4, updated_at = now()
      WHERE id = $1 AND status = 'generating' AND generation_attempt = $2
      RETURNING owner_id`,
      [event.heroId, event.attempt, event.backstory, event.provider],
    );
    if (updated.length === 0) return undefined;
    await upsertArtImages(tx, event.heroId, 0, event.images);
    return updated[0].owner_id;
  });
}

/** Stores the images of one art version of a hero (replacing that version's, if any). */
export async function upsertArtImages(
  db: EntityManager,
  heroId: string,
  version: number,
  images: HeroGeneratedEvent['images'],
): Promise<void> {
  await db.getRepository(HeroImage).upsert(
    images.map((image, position) => ({
      heroId,
      version,
      angle: image.angle,
      position,
      prompt: image.prompt,
      fullKey: image.fullKey,
      previewKey: image.previewKey,
    })),
    ['heroId', 'version', 'angle'],
  );
}

/** generating → error for the current attempt only. The owner of the hero it failed, if it did. */
export async function markGenerationFailed(
  db: EntityManager,
  heroId: string,
  attempt: number,
  reason: string,
): Promise<string | undefined> {
  const updated = await sqlOf(db)<{ owner_id: string }>(
    `UPDATE heroes.heroes
      SET status = 'error', generation_error = $3, updated_at = now()
    WHERE id = $1 AND status = 'generating' AND generation_attempt = $2
    RETURNING owner_id`,
    [heroId, attempt, reason],
  );
  return updated.length === 1 ? updated[0].owner_id : undefined;
}

/** unpaid → paid once for the owner's hero. The hero's status when this call made the change. */
export async function markHeroPaid(
  db: EntityManager,
  heroId: string,
  ownerId: string,
): Promise<HeroStatus | undefined> {
  const updated = await sqlOf(db)<{ status: HeroStatus }>(
    `UPDATE heroes.heroes
      SET payment_status = 'paid', updated_at = now()
    WHERE id = $1 AND owner_id = $2 AND payment_status = 'unpaid'
    RETURNING status`,
    [heroId, ownerId],
  );
  return updated.length === 0 ? undefined : updated[0].status;
}
