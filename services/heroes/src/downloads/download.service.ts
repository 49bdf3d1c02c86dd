import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import {
  DOWNLOAD_FORBIDDEN_MESSAGE,
  ErrorCodes,
  HERO_ID_PATTERN,
  ServiceError,
  type BookHeroDto,
  type DownloadEntry,
  type DownloadManifest,
  type DownloadQuery,
} from '@starborn/contracts';
import type { EntityManager } from 'typeorm';
import { findOwnedHero } from '../heroes/hero.queries.js';
import { heroNotFound } from '../heroes/hero-work.service.js';

/**
 * Decides who may download a hero and what the bundle holds; the gateway streams the zip from
 * storage. Only the paid owner gets a manifest: anyone else's hero is "not found".
 */
@Injectable()
export class DownloadService {
  constructor(@InjectEntityManager() private readonly db: EntityManager) {}

  async manifest({ userId, heroId }: DownloadQuery): Promise<DownloadManifest> {
    const hero = HERO_ID_PATTERN.test(String(heroId)) ? await findOwnedHero(this.db, heroId, userId) : null;
    if (!hero) throw heroNotFound();
    if (hero.paymentStatus !== 'paid')
      throw new ServiceError(403, ErrorCodes.PAYMENT_REQUIRED, DOWNLOAD_FORBIDDEN_MESSAGE);
    if (hero.status !== 'complete') throw stillBeingCreated();

    const images = [...(hero.images ?? [])].sort((a, b) => a.position - b.position);
    const cover = images.find((image) => image.angle === 'front') ?? images[0];
    if (!cover) throw stillBeingCreated();
    const entries: DownloadEntry[] = [
      // Full quality only: this manifest is built for the paid owner alone.
      ...images.map((image) => ({ path: `${image.angle}.png`, storageKey: `${image.fullKey}.png` })),
      { path: 'backstory.md', text: hero.backstory ?? '' },
      {
        path: 'hero.json',
        text: `${JSON.stringify(
          {
            id: hero.id,
            name: hero.name,
            birthdate: hero.birthdate,
            westernZodiac: hero.western,
            chineseZodiac: hero.chinese,
            images: images.map((image) => ({
              angle: image.angle,
              file: `${image.angle}.png`,
              prompt: image.prompt,
            })),
            createdAt: hero.createdAt.toISOString(),
          },
          null,
          2,
        )}\n`,
      },
      // The unlocked chapters (chapters/chapter-NN.md) are added by the gateway from the storybook service.
    ];
    // The storybook export (book/<name>.epub and .pdf in the bundle, and its own route) is made by the gateway from this.
    const book: BookHeroDto = {
      id: hero.id,
      name: hero.name,
      birthdate: hero.birthdate,
      westernZodiac: hero.western.sign,
      chineseZodiac: hero.chinese.sign,
      backstory: hero.backstory ?? '',
      coverKey: `${cover.fullKey}.png`,
    };
    return { fileName: `hero_${hero.id}_assets.zip`, entries, directories: ['chapters/'], book };
  }
}

const stillBeingCreated = () =>
  new ServiceError(
    409,
    ErrorCodes.CONFLICT,
    'Your hero is still being created. Please try again once it is complete.',
  );
