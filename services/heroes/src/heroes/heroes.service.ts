import { Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  HERO_ID_PATTERN,
  HERO_NAME_MAX_LENGTH,
  heroGenerationJobId,
  MODERATION_MESSAGES,
  NON_PREMIUM_LIMIT_ERROR,
  NON_PREMIUM_LIMIT_MESSAGE,
  QUOTA_EXCEEDED_MESSAGE,
  ServiceError,
  type CreateHeroCommand,
  type GenerateHeroCommand,
  type HeroDto,
  type HeroGeneratedEvent,
  type HeroGenerationFailedEvent,
  type HeroProfileDto,
  type HeroQuery,
  userTextProblem,
} from '@starborn/contracts';
import { AiQuotaFlag, MessageBus } from '@starborn/messaging';
import { isRefusedLanguage } from '@starborn/moderation';
import { Clock } from '@starborn/runtime';
import {
  calendarDateInTimeZone,
  formatCalendarDate,
  parseBirthdate,
  zodiacFor,
  ZodiacDateError,
} from '@starborn/zodiac';
import { QueryFailedError } from 'typeorm';
import { HeroGenerationQueue } from '../generation/hero-generation.queue.js';
import {
  markGenerationFailed,
  storeGeneratedHero,
  findHero,
  heroesOf,
  insertHero,
  startGeneration,
} from './hero.queries.js';
import { HeroWork, heroNotFound } from './hero-work.service.js';

const UNIQUE_VIOLATION = '23505';
// A birth date is refused as "future" only once it is past everywhere on Earth (UTC+14).
const EARLIEST_TIME_ZONE = 'Pacific/Kiritimati';

@Injectable()
export class HeroesService extends HeroWork {
  constructor(
    private readonly queue: HeroGenerationQueue,
    private readonly clock: Clock,
    private readonly quota: AiQuotaFlag,
    private readonly bus: MessageBus,
  ) {
    super();
  }

  async create(command: CreateHeroCommand): Promise<HeroDto> {
    const heroId = String(command.heroId ?? '');
    const name = String(command.heroName ?? '').trim();
    if (!HERO_ID_PATTERN.test(heroId))
      throw badRequest('The hero id must be 32 lowercase hexadecimal characters.');
    if (!name) throw badRequest('Please enter a name for your hero');
    if (name.length > HERO_NAME_MAX_LENGTH)
      throw badRequest(`The hero name can be at most ${HERO_NAME_MAX_LENGTH} characters long.`);
    const problem = userTextProblem(name);
    if (problem) throw badRequest(problem);
    if (isRefusedLanguage(name))
      throw new ServiceError(400, ErrorCodes.CONTENT_NOT_ALLOWED, MODERATION_MESSAGES.heroName);

    const today = calendarDateInTimeZone(this.clock.now(), EARLIEST_TIME_ZONE);
    let zodiac;
    let birthdate;
    try {
      birthdate = parseBirthdate(command.birthdate, today);
      zodiac = zodiacFor(birthdate, { today });
    } catch (error) {
      if (error instanceof ZodiacDateError) throw badRequest(error.message);
      throw error;
    }
    const { western, chinese } = zodiac;
    try {
      await insertHero(this.db, {
        id: heroId,
        ownerId: command.userId,
        name,
        // The calendar date read (an ISO date-time is stored as the date it names).
        birthdate: formatCalendarDate(birthdate),
        western: pick(western, ['sign', 'dateRange', 'element', 'traits', 'strengths', 'weaknesses']),
        chinese: pick(chinese, ['sign', 'element', 'years', 'traits', 'compatibility']),
        status: 'pending',
        paymentStatus: 'unpaid',
      });
      return this.presenter.present(await this.findOwned(command.userId, heroId));
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'heroes_one_unpaid_per_owner') {
        throw new ServiceError(409, ErrorCodes.NON_PREMIUM_LIMIT, NON_PREMIUM_LIMIT_MESSAGE, {
          error: NON_PREMIUM_LIMIT_ERROR,
        });
      }
      if (constraint) throw new ServiceError(409, ErrorCodes.CONFLICT, 'A hero with this id already exists.');
      throw error;
    }
  }

  async get({ userId, heroId, preview }: HeroQuery): Promise<HeroDto> {
    return this.presenter.present(await this.findOwned(userId, heroId), { preview });
  }

  async list(userId: string): Promise<HeroDto[]> {
    const heroes = await heroesOf(this.db, userId);
    return heroes.map((hero) => this.presenter.present(hero));
  }

  /**
   * Starts generation once: pending or error → generating in one conditional update (so parallel
   * calls start one job), with a job id made of the hero and the attempt number.
   */
  async generate({ userId, heroId }: GenerateHeroCommand): Promise<HeroDto> {
    const hero = await this.findOwned(userId, heroId);
    if (hero.status === 'generating' || hero.status === 'complete') return this.presenter.present(hero);
    if (await this.quota.isExceeded()) {
      throw new ServiceError(429, ErrorCodes.QUOTA_EXCEEDED, QUOTA_EXCEEDED_MESSAGE, {
        errorType: 'quota_exceeded',
      });
    }
    const attempt = await startGeneration(this.db, heroId);
    if (attempt !== undefined) {
      const job = { heroId, attempt };
      await this.queue.add(job, heroGenerationJobId(job));
      await this.announce({ heroId, userId, status: 'generating', quotaExceeded: false });
    }
    return this.presenter.present(await this.findOwned(userId, heroId));
  }

  async generationProfile(heroId: string): Promise<HeroProfileDto> {
    const hero = await findHero(this.db, heroId);
    if (!hero) throw heroNotFound();
    return {
      heroId: hero.id,
      name: hero.name,
      birthdate: hero.birthdate,
      western: hero.western,
      chinese: hero.chinese,
      ...(hero.backstory ? { backstory: hero.backstory } : {}),
    };
  }

  /**
   * Applies a finished generation once: only the current attempt of a generating hero completes it.
   * Then `hero.completed` goes out (storybook writes the story); should that emit fail, this handler
   * fails, the event is delivered again, and the repeat re-emits for the hero it already completed.
   */
  async completeGeneration(event: HeroGeneratedEvent): Promise<void> {
    const ownerId = await storeGeneratedHero(this.db, event);
    if (ownerId)
      await this.announce({
        heroId: event.heroId,
        userId: ownerId,
        status: 'complete',
        quotaExceeded: false,
      });
    else
      this.logger.log(
        `Ignored a stale or repeated result for hero ${event.heroId} (attempt ${event.attempt})`,
      );
    const hero = await findHero(this.db, event.heroId);
    if (hero?.status === 'complete' && hero.generationAttempt === event.attempt) {
      await this.bus.emitEvent(
        'hero.completed',
        {
          heroId: hero.id,
          userId: hero.ownerId,
          heroName: hero.name,
          paymentStatus: hero.paymentStatus,
          completedAt: hero.updatedAt.toISOString(),
        },
        { eventId: hero.id },
      );
    }
  }

  async failGeneration(event: HeroGenerationFailedEvent): Promise<void> {
    const ownerId = await markGenerationFailed(
      this.db,
      event.heroId,
      event.attempt,
      event.reason.slice(0, 1000),
    );
    const { heroId, quotaExceeded } = event;
    if (ownerId) await this.announce({ heroId, userId: ownerId, status: 'error', quotaExceeded });
  }
}

function badRequest(message: string): ServiceError {
  return new ServiceError(400, ErrorCodes.VALIDATION_FAILED, message);
}

function uniqueViolation(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === UNIQUE_VIOLATION ? (driverError.constraint ?? 'unique') : undefined;
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}
