import type { HeroGeneratedEvent, HeroStatus } from '@starborn/contracts';
import { sqlOf } from '@starborn/database';
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

/** The hero, with its images unless told otherwise, if it belongs to this owner. */
export function findOwnedHero(
  db: EntityManager,
  heroId: string,
  ownerId: string,
  { images = true }: { images?: boolean } = {},
): Promise<Hero | null> {
  return images
    ? db.getRepository(Hero).findOne({ where: { id: heroId, ownerId }, relations: { images: true } })
    : db.getRepository(Hero).findOneBy({ id: heroId, ownerId });
}

/** The hero alone (no images), whoever owns it. */
export function findHero(db: EntityManager, heroId: string): Promise<Hero | null> {
  return db.getRepository(Hero).findOneBy({ id: heroId });
}

/** The hero with its images, whoever owns it. */
export function findHeroWithImages(db: EntityManager, heroId: string): Promise<Hero | null> {
  return db.getRepository(Hero).findOne({ where: { id: heroId }, relations: { images: true } });
}

/** The owner's heroes with their images, newest first. */
export function heroesOf(db: EntityManager, ownerId: string): Promise<Hero[]> {
  return db.getRepository(Hero).find({
    where: { ownerId },
    relations: { images: true },
    order: { createdAt: 'DESC' },
  });
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
    await tx.getRepository(HeroImage).upsert(
      event.images.map((image, position) => ({
        heroId: event.heroId,
        angle: image.angle,
        position,
        prompt: image.prompt,
        fullKey: image.fullKey,
        previewKey: image.previewKey,
      })),
      ['heroId', 'angle'],
    );
    return updated[0].owner_id;
  });
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
