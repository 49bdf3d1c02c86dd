import { Injectable } from '@nestjs/common';
import {
  DOWNLOAD_FORBIDDEN_MESSAGE,
  ErrorCodes,
  ServiceError,
  STORYBOOK_NOT_FOUND,
  type BookChaptersDto,
  type HeroCompletedEvent,
  type PaymentSucceededEvent,
  type StoryBookQuery,
  type StoryBookView,
} from '@starborn/contracts';
import { askNextChapters } from '../chapters/chapter.queries.js';
import { inTransaction, sqlOf, type Sql } from '@starborn/database';
import { StoryWork } from '../story-work.service.js';
import { MediaLinks } from './media-links.js';
import { presentStorybook } from './storybook.presenter.js';
import {
  bookChaptersOf,
  chaptersOf,
  findByHero,
  lockByHero,
  promote,
  startStory,
  type StorybookRow,
} from './storybook.queries.js';
import { isHeroId, isUuid, validHeroId, validUserId } from './validation.js';

export const storybookNotFound = () => new ServiceError(404, ErrorCodes.NOT_FOUND, STORYBOOK_NOT_FOUND);

/**
 * A hero's story: created when the hero is complete, promoted by a premium payment — in either order,
 * each event applied once — and shown to its owner.
 */
@Injectable()
export class StorybooksService extends StoryWork {
  constructor(private readonly media: MediaLinks) {
    super();
  }

  /** hero.completed: the story exists from now on and its first chapter is asked for. */
  async start(event: HeroCompletedEvent): Promise<void> {
    if (!isHeroId(event?.heroId) || !isUuid(event.userId)) {
      this.logger.warn(`Ignored hero.completed with malformed ids (${String(event?.heroId)})`);
      return;
    }
    const heroName = String(event.heroName ?? '').trim();
    // A hero already paid is premium even if its payment event is still on its way.
    const premium = event.paymentStatus === 'paid';
    await this.changeAndFollowUp(event.heroId, event.userId, (sql, now) =>
      startStory(sql, { heroId: event.heroId, userId: event.userId, heroName, premium, now }),
    );
  }

  /** payment.succeeded for a premium upgrade: 10 chapters, 4 unlocked, then one a day. */
  async promote(event: PaymentSucceededEvent): Promise<void> {
    if (!isHeroId(event.heroId) || !isUuid(event.userId)) {
      this.logger.warn(`Ignored premium payment ${event.paymentIntentId} with malformed ids`);
      return;
    }
    await this.changeAndFollowUp(event.heroId, event.userId, (sql, now) =>
      promote(sql, {
        heroId: event.heroId,
        userId: event.userId,
        paymentIntentId: String(event.paymentIntentId),
        now,
      }),
    );
  }

  async get(query: StoryBookQuery): Promise<StoryBookView> {
    const userId = validUserId(query?.userId);
    const heroId = validHeroId(query.heroId);
    const sql = sqlOf(this.dataSource);
    const story = await findByHero(sql, heroId, userId);
    if (!story) throw storybookNotFound();
    return presentStorybook(story, await chaptersOf(sql, story.id), this.media.forView());
  }

  /**
   * The book of the owner's premium story, for its export: the unlocked, written chapters in order,
   * each with its full illustration's storage key once drawn. A story that is not premium cannot be
   * downloaded.
   */
  async bookChapters(query: StoryBookQuery): Promise<BookChaptersDto> {
    const userId = validUserId(query?.userId);
    const heroId = validHeroId(query.heroId);
    const sql = sqlOf(this.dataSource);
    const story = await findByHero(sql, heroId, userId);
    if (!story) throw storybookNotFound();
    if (!story.is_premium) {
      throw new ServiceError(403, ErrorCodes.PAYMENT_REQUIRED, DOWNLOAD_FORBIDDEN_MESSAGE);
    }
    const rows = await bookChaptersOf(sql, story);
    return {
      storyBookId: story.id,
      chapters: rows.map((row) => ({
        chapterNumber: row.chapter_number,
        title: row.title,
        content: row.content,
        illustrationKey: row.illustration_full_key ? `${row.illustration_full_key}.png` : null,
      })),
    };
  }

  /**
   * Applies a change, then in the same transaction asks for the chapters the change lets be written;
   * after commit the jobs are queued and the next release scheduled. Run again on a repeated event, it
   * changes nothing (a job lost between commit and queue is added again by the sweep).
   */
  private async changeAndFollowUp(
    heroId: string,
    userId: string,
    change: (sql: Sql, now: Date) => Promise<void>,
  ): Promise<void> {
    const now = this.clock.now();
    const { story, jobs } = await inTransaction(this.dataSource, async (sql) => {
      await change(sql, now);
      const story: StorybookRow | undefined = await lockByHero(sql, heroId, userId);
      return { story, jobs: story ? await askNextChapters(sql, [story], now) : [] };
    });
    if (!story) {
      this.logger.warn(`Hero ${heroId} has a story of another user: event ignored`);
      return;
    }
    await this.followUp(jobs, [story]);
  }
}
