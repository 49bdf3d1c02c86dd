import { Injectable } from '@nestjs/common';
import {
  ART_RECREATIONS_MAX,
  ErrorCodes,
  heroGenerationJobId,
  QUOTA_EXCEEDED_MESSAGE,
  ServiceError,
  type ArtVersionDto,
  type ArtVersionsDto,
  type ArtVersionStatus,
  type ChooseArtCommand,
  type HeroArtQuery,
  type HeroDto,
  type HeroGeneratedEvent,
  type HeroGenerationFailedEvent,
  type HeroStatus,
} from '@starborn/contracts';
import type { Queryable } from '@starborn/database';
import { AiQuotaFlag } from '@starborn/messaging';
import { HeroGenerationQueue } from '../generation/hero-generation.queue.js';
import {
  artImagesOf,
  chooseArtVersion,
  markRecreationFailed,
  recreationsOf,
  startRecreation,
  storeRecreatedArt,
  type ArtRecreation,
} from './art.queries.js';
import type { HeroImage } from './hero-image.entity.js';
import type { Hero } from './hero.entity.js';
import { HeroWork } from './hero-work.service.js';

export const ART_PREMIUM_REQUIRED_MESSAGE = 'Recreating the art is available for premium heroes.';
export const ART_NOT_READY_MESSAGE =
  'Your hero is still being created. Its art can be recreated once it is complete.';
export const ART_LIMIT_MESSAGE = `This hero's art has already been recreated ${ART_RECREATIONS_MAX} times, the most there can be.`;
export const ART_IN_PROGRESS_MESSAGE =
  "A new version of this hero's art is already being made. Please wait until it is ready.";

/** Every art version of a hero: version 0 (the first art, as the hero's status says) and each recreation. */
export interface ArtVersion {
  version: number;
  status: ArtVersionStatus;
  createdAt: Date;
  images: HeroImage[];
}

/** The first art's state, read from the hero's own status. */
const FIRST_ART_STATUS: Record<HeroStatus, ArtVersionStatus> = {
  pending: 'generating',
  generating: 'generating',
  complete: 'ready',
  error: 'failed',
};

/** Gathers each hero's versions from its recreations and the images of every version. */
export function artVersionsByHero(
  heroes: Hero[],
  recreations: ArtRecreation[],
  images: HeroImage[],
): Map<string, ArtVersion[]> {
  const imagesOf = (heroId: string, version: number) =>
    images.filter((image) => image.heroId === heroId && image.version === version);
  return new Map(
    heroes.map((hero) => [
      hero.id,
      [
        {
          version: 0,
          status: FIRST_ART_STATUS[hero.status],
          createdAt: hero.createdAt,
          images: imagesOf(hero.id, 0),
        },
        ...recreations
          .filter((recreation) => recreation.heroId === hero.id)
          .map((recreation) => ({
            version: recreation.version,
            status: recreation.status,
            createdAt: recreation.createdAt,
            // Images are stored with the version's result, so only a ready version has any.
            images: recreation.status === 'ready' ? imagesOf(hero.id, recreation.version) : [],
          })),
      ],
    ]),
  );
}

/** Every art version of these heroes, read in two statements. */
export async function loadArtVersions(db: Queryable, heroes: Hero[]): Promise<Map<string, ArtVersion[]>> {
  const ids = heroes.map((hero) => hero.id);
  const [recreations, images] = await Promise.all([recreationsOf(db, ids), artImagesOf(db, ids)]);
  return artVersionsByHero(heroes, recreations, images);
}

/**
 * A premium hero's art made anew: each recreation is a hero generation job carrying its version (the
 * variant the AI provider paints), stored under that version's own keys. The owner keeps every
 * version and chooses the one shown; the hero page, share card and book read the chosen one.
 */
@Injectable()
export class HeroArtService extends HeroWork {
  constructor(
    private readonly queue: HeroGenerationQueue,
    private readonly quota: AiQuotaFlag,
  ) {
    super();
  }

  async recreate({ userId, heroId }: HeroArtQuery): Promise<ArtVersionDto> {
    const hero = await this.findOwned(userId, heroId);
    if (hero.paymentStatus !== 'paid')
      throw new ServiceError(403, ErrorCodes.PAYMENT_REQUIRED, ART_PREMIUM_REQUIRED_MESSAGE);
    if (hero.status !== 'complete') throw new ServiceError(409, ErrorCodes.CONFLICT, ART_NOT_READY_MESSAGE);
    const recreations = await recreationsOf(this.reads, [hero.id]);
    if (recreations.some((recreation) => recreation.status === 'generating'))
      throw new ServiceError(409, ErrorCodes.CONFLICT, ART_IN_PROGRESS_MESSAGE);
    if (recreations.filter((recreation) => recreation.status === 'ready').length >= ART_RECREATIONS_MAX)
      throw new ServiceError(409, ErrorCodes.CONFLICT, ART_LIMIT_MESSAGE);
    if (await this.quota.isExceeded()) {
      throw new ServiceError(429, ErrorCodes.QUOTA_EXCEEDED, QUOTA_EXCEEDED_MESSAGE, {
        errorType: 'quota_exceeded',
      });
    }
    // The checks above give the clear answer; this statement decides when two requests race.
    const started = await startRecreation(this.db, hero.id);
    if (!started) throw new ServiceError(409, ErrorCodes.CONFLICT, ART_IN_PROGRESS_MESSAGE);
    const job = { heroId: hero.id, attempt: started.attempt, variant: started.version };
    await this.queue.add(job, heroGenerationJobId(job));
    return {
      version: started.version,
      status: started.status,
      createdAt: started.createdAt.toISOString(),
      images: [],
      current: false,
    };
  }

  async versions({ userId, heroId }: HeroArtQuery): Promise<ArtVersionsDto> {
    const hero = await this.findOwned(userId, heroId);
    const versions = (await loadArtVersions(this.reads, [hero])).get(hero.id) ?? [];
    const unlocked = hero.paymentStatus === 'paid';
    return {
      versions: versions.map((version) => ({
        version: version.version,
        status: version.status,
        createdAt: version.createdAt.toISOString(),
        images: this.presenter.presentImages(version.images, unlocked),
        current: version.version === hero.artVersion,
      })),
      recreationsLeft: this.presenter.present(hero).artRecreationsLeft ?? 0,
    };
  }

  async choose({ userId, heroId, version }: ChooseArtCommand): Promise<HeroDto> {
    const hero = await this.findOwned(userId, heroId);
    if (!Number.isInteger(version) || version < 0 || version > ART_RECREATIONS_MAX)
      throw badRequest(`The art version must be a whole number from 0 to ${ART_RECREATIONS_MAX}.`);
    if (!(await chooseArtVersion(this.db, hero.id, hero.ownerId, version))) {
      const known = (await loadArtVersions(this.reads, [hero]))
        .get(hero.id)
        ?.find((v) => v.version === version);
      if (!known) throw badRequest(`This hero has no art version ${version}.`);
      throw new ServiceError(
        409,
        ErrorCodes.CONFLICT,
        known.status === 'failed'
          ? `Art version ${version} could not be made, so it cannot be shown.`
          : `Art version ${version} is still being made. It can be shown once it is ready.`,
      );
    }
    return this.presenter.present(await this.findOwned(userId, heroId));
  }

  /** hero.generated for a recreation: the version becomes ready once, and the owner's browser is told. */
  async complete(event: HeroGeneratedEvent): Promise<void> {
    const ownerId = await storeRecreatedArt(this.db, event);
    if (!ownerId) {
      this.logger.log(
        `Ignored a stale or repeated art version ${event.variant} for hero ${event.heroId} (attempt ${event.attempt})`,
      );
      return;
    }
    await this.announce(
      { heroId: event.heroId, userId: ownerId, status: 'complete', artVersion: event.variant },
      `art version ${event.variant}`,
    );
  }

  /** hero.generation-failed for a recreation: shown as failed; the next recreation tries it again. */
  async fail(event: HeroGenerationFailedEvent): Promise<void> {
    const version = event.variant ?? 0;
    const ownerId = await markRecreationFailed(
      this.db,
      event.heroId,
      version,
      event.attempt,
      event.reason.slice(0, 1000),
    );
    if (ownerId)
      await this.announce(
        {
          heroId: event.heroId,
          userId: ownerId,
          status: 'complete',
          quotaExceeded: event.quotaExceeded,
          artVersion: version,
        },
        `the failure of art version ${version}`,
      );
  }
}

function badRequest(message: string): ServiceError {
  return new ServiceError(400, ErrorCodes.VALIDATION_FAILED, message);
}
