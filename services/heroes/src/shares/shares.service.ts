import { Inject, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import {
  ErrorCodes,
  HERO_ID_PATTERN,
  ServiceError,
  SHARE_ID_PATTERN,
  SHARE_INACTIVE_MESSAGE,
  SHARE_CARD_LAYOUT,
  SHARE_PREMIUM_REQUIRED_MESSAGE,
  type CreateShareCommand,
  type DeactivateShareCommand,
  type OpenShareQuery,
  type SharedHeroDto,
  type ShareLinkDto,
  type SharePreviewDto,
  type SharePreviewQuery,
} from '@starborn/contracts';
import { sharedHeroPreview } from '@starborn/zodiac';
import { Clock } from '@starborn/runtime';
import { mediaExpiry, MediaUrlSigner } from '@starborn/storage';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { HEROES_CONFIG, type HeroesConfig } from '../config.js';
import { findHeroWithImages, findOwnedHeroAlone } from '../heroes/hero.queries.js';
import { heroNotFound } from '../heroes/hero-work.service.js';
import type { Hero } from '../heroes/hero.entity.js';
import type { ShareLink } from './share-link.entity.js';
import {
  activeSharedHeroId,
  countShareView,
  deactivateShareLink,
  findActiveShareLink,
  findOwnedShareLink,
  insertShareLinkUnlessActive,
  shareLinksOf,
} from './share.queries.js';

const SHARE_NOT_FOUND = 'Share link not found.';

/** A fresh share id: 18 random bytes → 24 base64url characters. */
export const newShareId = (): string => randomBytes(18).toString('base64url');

/**
 * Share links of paid heroes. Creating a link again returns the hero's active link (one per hero,
 * enforced by a partial unique index); opening a link counts the view in the same statement that
 * checks the link is active and the hero still paid.
 */
@Injectable()
export class SharesService {
  constructor(
    @InjectEntityManager() private readonly db: EntityManager,
    private readonly signer: MediaUrlSigner,
    private readonly clock: Clock,
    @Inject(HEROES_CONFIG) private readonly config: HeroesConfig,
  ) {}

  async create({ userId, heroId }: CreateShareCommand): Promise<ShareLinkDto> {
    const hero = HERO_ID_PATTERN.test(String(heroId))
      ? await findOwnedHeroAlone(this.db, heroId, userId)
      : null;
    if (!hero) throw heroNotFound();
    if (hero.paymentStatus !== 'paid')
      throw new ServiceError(403, ErrorCodes.PAYMENT_REQUIRED, SHARE_PREMIUM_REQUIRED_MESSAGE);

    // Two tries: the active link may be deactivated between a lost insert race and the read.
    for (let attempt = 0; attempt < 2; attempt++) {
      await insertShareLinkUnlessActive(this.db, { id: newShareId(), heroId: hero.id, ownerId: userId });
      const active = await findActiveShareLink(this.db, hero.id);
      if (active) return toDto(active);
    }
    throw new ServiceError(409, ErrorCodes.CONFLICT, 'The share link changed meanwhile. Please try again.');
  }

  /** A visitor opens a link: counts the view, answers the public face of the hero. */
  async open({ shareId, countView }: OpenShareQuery): Promise<SharedHeroDto> {
    const id = String(shareId ?? '');
    // The same conditions either way; only a view (not a HEAD request) adds to the count.
    const increment = countView === false ? 0 : 1;
    const sharedHeroId = SHARE_ID_PATTERN.test(id) ? await countShareView(this.db, id, increment) : undefined;
    const hero = sharedHeroId ? await findHeroWithImages(this.db, sharedHeroId) : null;
    if (!hero) throw shareInactive();

    const expiresAt = mediaExpiry(
      Math.floor(this.clock.now().getTime() / 1000),
      this.config.MEDIA_URL_TTL_SECONDS,
    );
    return {
      name: hero.name,
      images: [...(hero.images ?? [])]
        .sort((a, b) => a.position - b.position)
        .map((image) => ({ url: this.signer.sign(`${image.fullKey}.png`, expiresAt), angle: image.angle })),
      westernZodiac: hero.western,
      chineseZodiac: hero.chinese,
      backstory: hero.backstory ?? '',
      cardPath: shareCard(id, hero).cardPath,
    };
  }

  /** A share's link preview, for whoever asks (a link previewer): no view counted. */
  async preview({ shareId }: SharePreviewQuery): Promise<SharePreviewDto> {
    const id = String(shareId ?? '');
    const sharedHeroId = SHARE_ID_PATTERN.test(id) ? await activeSharedHeroId(this.db, id) : undefined;
    const hero = sharedHeroId ? await findHeroWithImages(this.db, sharedHeroId) : null;
    if (!hero) throw shareInactive();
    const { title, description } = sharedHeroPreview(heroSigns(hero));
    return { title, description, ...shareCard(id, hero) };
  }

  /** The user's links, newest first, active or not. */
  async list(userId: string): Promise<ShareLinkDto[]> {
    const links = await shareLinksOf(this.db, userId);
    return links.map(toDto);
  }

  /** Idempotent: deactivating an inactive link answers it unchanged. */
  async deactivate({ userId, shareId }: DeactivateShareCommand): Promise<ShareLinkDto> {
    const id = String(shareId ?? '');
    if (!SHARE_ID_PATTERN.test(id)) throw new ServiceError(404, ErrorCodes.NOT_FOUND, SHARE_NOT_FOUND);
    await deactivateShareLink(this.db, id, userId);
    const link = await findOwnedShareLink(this.db, id, userId);
    if (!link) throw new ServiceError(404, ErrorCodes.NOT_FOUND, SHARE_NOT_FOUND);
    return toDto(link);
  }
}

const shareInactive = () => new ServiceError(404, ErrorCodes.NOT_FOUND, SHARE_INACTIVE_MESSAGE);

const heroSigns = (hero: Hero) => ({
  name: hero.name,
  westernSign: hero.western?.sign ?? '',
  chineseSign: hero.chinese?.sign ?? '',
});

/**
 * The share's card: what it shows and where it lives. Its version is a digest of all of that, so a
 * renamed hero or a new portrait gets a new card under a new URL, and an unchanged one keeps its URL.
 */
export function shareCard(shareId: string, hero: Hero): Pick<SharePreviewDto, 'card' | 'cardPath'> {
  const front = hero.images?.find((image) => image.angle === 'front');
  const portraitKey = front ? `${front.fullKey}.png` : '';
  const shown = { ...heroSigns(hero), portraitKey };
  const version = createHash('sha256')
    .update(JSON.stringify([SHARE_CARD_LAYOUT, shareId, shown]))
    .digest('base64url')
    .slice(0, 22);
  return {
    cardPath: `/api/share/${shareId}/card/${version}.png`,
    // Under the hero's media, so whatever removes the hero's pictures removes its cards too.
    card: { ...shown, version, storageKey: `heroes/${hero.id}/share-cards/${shareId}/${version}.png` },
  };
}

function toDto(link: ShareLink): ShareLinkDto {
  return {
    id: link.id,
    heroId: link.heroId,
    heroName: link.hero?.name ?? '',
    createdAt: link.createdAt.toISOString(),
    accessCount: link.accessCount,
    isActive: link.isActive,
    sharePath: `/share/${link.id}`,
  };
}
