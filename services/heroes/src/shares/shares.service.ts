import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  ErrorCodes,
  HERO_ID_PATTERN,
  ServiceError,
  SHARE_ID_PATTERN,
  SHARE_INACTIVE_MESSAGE,
  SHARE_PREMIUM_REQUIRED_MESSAGE,
  type CreateShareCommand,
  type DeactivateShareCommand,
  type OpenShareQuery,
  type SharedHeroDto,
  type ShareLinkDto,
} from '@starborn/contracts';
import { Clock } from '@starborn/runtime';
import { mediaExpiry, MediaUrlSigner } from '@starborn/storage';
import { randomBytes } from 'node:crypto';
import { DataSource, type Repository } from 'typeorm';
import { HEROES_CONFIG, type HeroesConfig } from '../config.js';
import { Hero } from '../heroes/hero.entity.js';
import { HERO_NOT_FOUND } from '../heroes/heroes.service.js';
import { ShareLink } from './share-link.entity.js';

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
    @InjectRepository(ShareLink) private readonly links: Repository<ShareLink>,
    @InjectRepository(Hero) private readonly heroes: Repository<Hero>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly signer: MediaUrlSigner,
    private readonly clock: Clock,
    @Inject(HEROES_CONFIG) private readonly config: HeroesConfig,
  ) {}

  async create({ userId, heroId }: CreateShareCommand): Promise<ShareLinkDto> {
    const hero = HERO_ID_PATTERN.test(String(heroId))
      ? await this.heroes.findOneBy({ id: heroId, ownerId: userId })
      : null;
    if (!hero) throw new ServiceError(404, ErrorCodes.NOT_FOUND, HERO_NOT_FOUND);
    if (hero.paymentStatus !== 'paid')
      throw new ServiceError(403, ErrorCodes.PAYMENT_REQUIRED, SHARE_PREMIUM_REQUIRED_MESSAGE);

    // Two tries: the active link may be deactivated between a lost insert race and the read.
    for (let attempt = 0; attempt < 2; attempt++) {
      await this.dataSource.query(
        `INSERT INTO heroes.share_links (id, hero_id, owner_id) VALUES ($1, $2, $3)
         ON CONFLICT (hero_id) WHERE is_active DO NOTHING`,
        [newShareId(), hero.id, userId],
      );
      const active = await this.links.findOne({
        where: { heroId: hero.id, isActive: true },
        relations: { hero: true },
      });
      if (active) return toDto(active);
    }
    throw new ServiceError(409, ErrorCodes.CONFLICT, 'The share link changed meanwhile. Please try again.');
  }

  /** A visitor opens a link: counts the view, answers the public face of the hero. */
  async open({ shareId, countView }: OpenShareQuery): Promise<SharedHeroDto> {
    const id = String(shareId ?? '');
    // The same conditions either way; only a view (not a HEAD request) adds to the count.
    const increment = countView === false ? 0 : 1;
    const counted = SHARE_ID_PATTERN.test(id)
      ? returnedRows<{ hero_id: string }>(
          await this.dataSource.query(
            `UPDATE heroes.share_links s SET access_count = s.access_count + $2
             FROM heroes.heroes h
             WHERE s.id = $1 AND s.is_active AND h.id = s.hero_id AND h.payment_status = 'paid'
             RETURNING s.hero_id`,
            [id, increment],
          ),
        )
      : [];
    const hero =
      counted.length === 1
        ? await this.heroes.findOne({ where: { id: counted[0].hero_id }, relations: { images: true } })
        : null;
    if (!hero) throw new ServiceError(404, ErrorCodes.NOT_FOUND, SHARE_INACTIVE_MESSAGE);

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
    };
  }

  /** The user's links, newest first, active or not. */
  async list(userId: string): Promise<ShareLinkDto[]> {
    const links = await this.links.find({
      where: { ownerId: userId },
      relations: { hero: true },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    return links.map(toDto);
  }

  /** Idempotent: deactivating an inactive link answers it unchanged. */
  async deactivate({ userId, shareId }: DeactivateShareCommand): Promise<ShareLinkDto> {
    const id = String(shareId ?? '');
    if (!SHARE_ID_PATTERN.test(id)) throw new ServiceError(404, ErrorCodes.NOT_FOUND, SHARE_NOT_FOUND);
    await this.dataSource.query(
      `UPDATE heroes.share_links SET is_active = false, deactivated_at = now()
       WHERE id = $1 AND owner_id = $2 AND is_active`,
      [id, userId],
    );
    const link = await this.links.findOne({ where: { id, ownerId: userId }, relations: { hero: true } });
    if (!link) throw new ServiceError(404, ErrorCodes.NOT_FOUND, SHARE_NOT_FOUND);
    return toDto(link);
  }
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

/** TypeORM answers an UPDATE … RETURNING on PostgreSQL with [rows, count]; a SELECT with rows. */
function returnedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
