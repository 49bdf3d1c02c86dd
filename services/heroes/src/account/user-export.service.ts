import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import {
  ErrorCodes,
  INVALID_USER_ID_MESSAGE,
  ServiceError,
  USER_ID_PATTERN,
  type ExportedHero,
  type ExportedHeroImage,
  type ExportUserQuery,
  type HeroesExport,
} from '@starborn/contracts';
import type { EntityManager } from 'typeorm';
import { loadArtVersions, type ArtVersion } from '../heroes/art.service.js';
import type { HeroImage } from '../heroes/hero-image.entity.js';
import type { Hero } from '../heroes/hero.entity.js';
import { truncateBackstory } from '../heroes/hero.presenter.js';
import { heroesOf } from '../heroes/hero.queries.js';
import { SharesService } from '../shares/shares.service.js';

/**
 * A hero as its owner keeps it: every field, and what the owner has on screen of the paid parts: the
 * whole backstory and full-quality pictures once paid; otherwise the free part of the backstory and the
 * watermarked previews (an export is no way around the upgrade).
 */
export function exportedHero(hero: Hero, artVersions: ArtVersion[] = []): ExportedHero {
  const paid = hero.paymentStatus === 'paid';
  const story = hero.backstory ?? '';
  const backstory = paid ? { text: story, truncated: false } : truncateBackstory(story);
  const exportedImages = (images: HeroImage[]): ExportedHeroImage[] =>
    [...images]
      .sort((a, b) => a.position - b.position)
      .map((image) => ({
        angle: image.angle,
        prompt: image.prompt,
        quality: paid ? 'full' : 'preview',
        storageKey: `${paid ? image.fullKey : image.previewKey}.png`,
      }));
  return {
    id: hero.id,
    name: hero.name,
    birthdate: hero.birthdate,
    westernZodiac: hero.western,
    chineseZodiac: hero.chinese,
    status: hero.status,
    paymentStatus: hero.paymentStatus,
    backstory: backstory.text,
    backstoryTruncated: backstory.truncated,
    images: exportedImages(hero.images ?? []),
    createdAt: hero.createdAt.toISOString(),
    updatedAt: hero.updatedAt.toISOString(),
    // Every version of the art, the one shown among them; `images` above are the shown version's.
    artVersions: artVersions.map((version) => ({
      version: version.version,
      status: version.status,
      current: version.version === (hero.artVersion ?? 0),
      createdAt: version.createdAt.toISOString(),
      images: exportedImages(version.images),
    })),
  };
}

/** The heroes' part of a data export: the user's heroes, newest first, with every art version, and their share links. */
@Injectable()
export class UserExportService {
  constructor(
    @InjectEntityManager() private readonly db: EntityManager,
    private readonly shares: SharesService,
  ) {}

  async export(query: ExportUserQuery): Promise<HeroesExport> {
    const userId = String(query?.userId ?? '');
    if (!USER_ID_PATTERN.test(userId))
      throw new ServiceError(400, ErrorCodes.BAD_REQUEST, INVALID_USER_ID_MESSAGE);
    const [heroes, shares] = await Promise.all([heroesOf(this.db, userId), this.shares.list(userId)]);
    const versions = await loadArtVersions(this.db, heroes);
    return { heroes: heroes.map((hero) => exportedHero(hero, versions.get(hero.id))), shares };
  }
}
