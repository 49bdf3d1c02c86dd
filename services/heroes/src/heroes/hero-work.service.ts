import { Inject, Logger } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { ErrorCodes, HERO_ID_PATTERN, ServiceError, type HeroStatusNotice } from '@starborn/contracts';
import { poolOf, type Queryable } from '@starborn/database';
import type { EntityManager } from 'typeorm';
import { HeroPresenter } from './hero.presenter.js';
import type { Hero } from './hero.entity.js';
import { findOwnedHero } from './hero.queries.js';
import { HeroStatusPublisher } from './hero-status.publisher.js';

export const HERO_NOT_FOUND = 'Hero not found.';

export const heroNotFound = () => new ServiceError(404, ErrorCodes.NOT_FOUND, HERO_NOT_FOUND);

/**
 * What the services that serve an owner's hero share: the schema, the presenter and the status
 * channel. Injected as properties, so that a service's constructor names only the collaborators that
 * are its own.
 */
export abstract class HeroWork {
  protected readonly logger = new Logger(this.constructor.name);

  @InjectEntityManager() protected readonly db!: EntityManager;
  @Inject(HeroPresenter) protected readonly presenter!: HeroPresenter;
  @Inject(HeroStatusPublisher) protected readonly status!: HeroStatusPublisher;

  /** Reads outside a transaction, straight from the pool (see poolOf). */
  private poolReads?: Queryable;
  protected get reads(): Queryable {
    return (this.poolReads ??= poolOf(this.db.connection));
  }

  /** Another user's hero is "not found": its existence is not theirs to learn. */
  protected async findOwned(userId: string, heroId: string): Promise<Hero> {
    const hero = await findOwnedHero(this.reads, this.validHeroId(heroId), String(userId ?? ''));
    if (!hero) throw heroNotFound();
    return hero;
  }

  protected validHeroId(heroId: unknown): string {
    const id = String(heroId ?? '');
    if (!HERO_ID_PATTERN.test(id)) throw heroNotFound();
    return id;
  }

  /** Tells the owner's browser; `what` names the change in the log should that fail. */
  protected async announce(notice: HeroStatusNotice, what: string = notice.status): Promise<void> {
    await this.status.publish(notice).catch((error: Error) => {
      // The database holds the truth; a lost notice only delays the browser until its next fetch.
      this.logger.warn(`Could not announce ${what} for hero ${notice.heroId}: ${error.message}`);
    });
  }
}
