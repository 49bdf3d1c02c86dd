import { sqlOf } from '@starborn/database';
import type { EntityManager } from 'typeorm';
import { ShareLink } from './share-link.entity.js';

/**
 * A new active link for the hero, unless it has one already (the partial unique index on active links
 * decides, so two simultaneous calls add one link).
 */
export async function insertShareLinkUnlessActive(
  db: EntityManager,
  link: { id: string; heroId: string; ownerId: string },
): Promise<void> {
  await db.query(
    `INSERT INTO heroes.share_links (id, hero_id, owner_id) VALUES ($1, $2, $3)
     ON CONFLICT (hero_id) WHERE is_active DO NOTHING`,
    [link.id, link.heroId, link.ownerId],
  );
}

/** The hero's active link, with its hero. */
export function findActiveShareLink(db: EntityManager, heroId: string): Promise<ShareLink | null> {
  return db
    .getRepository(ShareLink)
    .findOne({ where: { heroId, isActive: true }, relations: { hero: true } });
}

/**
 * Adds `increment` views to an active link of a paid hero, in the statement that checks both. The hero
 * shown, or undefined when the link is unknown, inactive or its hero no longer paid.
 */
export async function countShareView(
  db: EntityManager,
  shareId: string,
  increment: number,
): Promise<string | undefined> {
  const counted = await sqlOf(db)<{ hero_id: string }>(
    `UPDATE heroes.share_links s SET access_count = s.access_count + $2
     FROM heroes.heroes h
     WHERE s.id = $1 AND s.is_active AND h.id = s.hero_id AND h.payment_status = 'paid'
     RETURNING s.hero_id`,
    [shareId, increment],
  );
  return counted.length === 1 ? counted[0].hero_id : undefined;
}

/** The hero an active link of a paid hero shows (the same conditions as a view), or undefined. */
export async function activeSharedHeroId(db: EntityManager, shareId: string): Promise<string | undefined> {
  const [shared] = await sqlOf(db)<{ hero_id: string }>(
    `SELECT s.hero_id FROM heroes.share_links s
     JOIN heroes.heroes h ON h.id = s.hero_id AND h.payment_status = 'paid'
     WHERE s.id = $1 AND s.is_active`,
    [shareId],
  );
  return shared?.hero_id;
}

/** The owner's links with their heroes, newest first, active or not. */
export function shareLinksOf(db: EntityManager, ownerId: string): Promise<ShareLink[]> {
  return db.getRepository(ShareLink).find({
    where: { ownerId },
    relations: { hero: true },
    order: { createdAt: 'DESC', id: 'ASC' },
  });
}

/** Deactivates the owner's link if it is active (an inactive one keeps its deactivation time). */
export async function deactivateShareLink(
  db: EntityManager,
  shareId: string,
  ownerId: string,
): Promise<void> {
  await db.query(
    `UPDATE heroes.share_links SET is_active = false, deactivated_at = now()
     WHERE id = $1 AND owner_id = $2 AND is_active`,
    [shareId, ownerId],
  );
}

/** The owner's link with its hero, active or not. */
export function findOwnedShareLink(
  db: EntityManager,
  shareId: string,
  ownerId: string,
): Promise<ShareLink | null> {
  return db.getRepository(ShareLink).findOne({ where: { id: shareId, ownerId }, relations: { hero: true } });
}
