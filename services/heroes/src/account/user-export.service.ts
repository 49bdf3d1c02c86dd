import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import {
  ErrorCodes,
  INVALID_USER_ID_MESSAGE,
  ServiceError,
  USER_ID_PATTERN,
  type ExportedHero,
  type ExportUserQuery,
  type HeroesExport,
} from '@starborn/contracts';
import type { EntityManager } from 'typeorm';
import type { Hero } from '../heroes/hero.entity.js';
import { truncateBackstory } from '../heroes/hero.presenter.js';
import { heroesOf } from '../heroes/hero.queries.js';
import { SharesService } from '../shares/shares.service.js';

/**
 * A hero as its owner keeps it: every field, and what the owner has on screen of the paid parts: the
 * whole backstory and full-quality pictures once paid; otherwise the free part of the backstory and the
 * watermarked previews (an export is no way around the upgrade).
 */
export function exportedHero(hero: Hero): ExportedHero {
  const paid = hero.paymentStatus === 'paid';
  const story = hero.backstory ?? '';
  const backstory = paid ? { text: story, truncated: false } : truncateBackstory(story);
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
    images: [...(hero.images ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((image) => ({
        angle: image.angle,
        prompt: image.prompt,
        quality: paid ? 'full' : 'preview',
        storageKey: `${paid ? image.fullKey : image.previewKey}.png`,
      })),
    createdAt: hero.createdAt.toISOString(),
    updatedAt: hero.updatedAt.toISOString(),
  };
}

/** The heroes' part of a data export: the user's heroes, newest first, and their share links. */
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
    return { heroes: heroes.map(exportedHero), shares };
  }
}
