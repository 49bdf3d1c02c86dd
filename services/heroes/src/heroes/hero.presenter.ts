import { Inject, Injectable } from '@nestjs/common';
import {
  ART_RECREATIONS_MAX,
  BACKSTORY_PREVIEW_LENGTH,
  type HeroDto,
  type HeroImageDto,
} from '@starborn/contracts';
import { Clock } from '@starborn/runtime';
import { HERO_PREVIEW_SIZE, MEDIA_WIDTHS, mediaExpiry, MediaUrlSigner, sizedWidths } from '@starborn/storage';
import { HEROES_CONFIG, type HeroesConfig } from '../config.js';
import type { HeroImage } from './hero-image.entity.js';
import type { Hero } from './hero.entity.js';

/** Cuts a backstory for an unpaid viewer: the first 300 characters and an ellipsis. */
export function truncateBackstory(
  text: string,
  length = BACKSTORY_PREVIEW_LENGTH,
): { text: string; truncated: boolean } {
  if (text.length <= length) return { text, truncated: false };
  return { text: `${text.slice(0, length).trimEnd()}...`, truncated: true };
}

/**
 * Decides what a viewer receives. A paid owner gets full-quality files and the whole backstory; an
 * unpaid owner (or a 'preview-' view) gets the first image reduced with the watermark burned in,
 * blurred watermarked previews of the other two, and the cut backstory. Full files are never signed
 * for an unpaid view, so their URLs cannot be derived from what it receives.
 */
@Injectable()
export class HeroPresenter {
  constructor(
    private readonly signer: MediaUrlSigner,
    private readonly clock: Clock,
    @Inject(HEROES_CONFIG) private readonly config: HeroesConfig,
  ) {}

  present(hero: Hero, options: { preview?: boolean } = {}): HeroDto {
    const unlocked = hero.paymentStatus === 'paid' && !options.preview;
    const images = this.presentImages(hero.images ?? [], unlocked);
    const story = hero.backstory ?? '';
    const backstory = unlocked ? { text: story, truncated: false } : truncateBackstory(story);
    return {
      id: hero.id,
      heroId: hero.id,
      name: hero.name,
      heroName: hero.name,
      birthdate: hero.birthdate,
      westernZodiac: hero.western,
      chineseZodiac: hero.chinese,
      zodiacInfo: { western: hero.western, chinese: hero.chinese },
      images,
      backstory: backstory.text,
      backstoryTruncated: backstory.truncated,
      status: hero.status,
      paymentStatus: hero.paymentStatus,
      nftId: hero.nftId,
      createdAt: hero.createdAt.toISOString(),
      updatedAt: hero.updatedAt.toISOString(),
      artVersion: hero.artVersion ?? 0,
      artRecreationsLeft:
        hero.paymentStatus === 'paid' ? Math.max(0, ART_RECREATIONS_MAX - (hero.artRecreationsUsed ?? 0)) : 0,
    };
  }

  /** One art version's images, in position order, as a viewer with (or without) the paid parts sees them. */
  presentImages(images: HeroImage[], unlocked: boolean): HeroImageDto[] {
    const expiresAt = mediaExpiry(
      Math.floor(this.clock.now().getTime() / 1000),
      this.config.MEDIA_URL_TTL_SECONDS,
    );
    // Full pictures are drawn at the product's size (the ladder's widest); previews at HERO_PREVIEW_SIZE.
    const widths = unlocked ? [...MEDIA_WIDTHS.hero] : sizedWidths(HERO_PREVIEW_SIZE, MEDIA_WIDTHS.hero);
    return [...images]
      .sort((a, b) => a.position - b.position)
      .map((image) => ({
        url: this.signer.sign(`${unlocked ? image.fullKey : image.previewKey}.png`, expiresAt),
        widths,
        angle: image.angle,
        prompt: image.prompt,
        locked: !unlocked && image.position > 0,
      }));
  }
}
