import { Inject, Injectable } from '@nestjs/common';
import {
  type CastMemberRef,
  ErrorCodes,
  ServiceError,
  type ChapterGeneratedEvent,
  type ChapterGenerationFailedEvent,
  type ChapterIllustrationJob,
  type StoryContextDto,
  type StoryContextQuery,
} from '@starborn/contracts';
import { inTransaction, sqlOf } from '@starborn/database';
import { StoryWork } from '../story-work.service.js';
import { lockById, markInitialChapterWritten } from '../storybooks/storybook.queries.js';
import { storybookNotFound } from '../storybooks/storybooks.service.js';
import { isChapterRef } from '../storybooks/validation.js';
import { ChapterIllustrationQueue } from './chapter-illustration.queue.js';
import {
  askFailedAgain,
  askNextChapters,
  markChapterFailed,
  storeGeneratedChapter,
  storyContext,
  touchStaleChapters,
} from './chapter.queries.js';
import { castOf } from './story-plan-document.js';

/** Chapters healed per sweep and kind; the rest wait for the next sweep. */
const HEAL_BATCH = 200;

/**
 * Chapters are written in order and ahead of the reader: each written chapter asks for the next one
 * while the story's window allows. Results are applied once, for the current attempt only.
 */
@Injectable()
export class ChapterWritingService extends StoryWork {
  @Inject(ChapterIllustrationQueue) private readonly illustrations!: ChapterIllustrationQueue;

  /**
   * chapter.generated: store it, start the daily clock with chapter 1, ask for the next chapter and
   * for this one's illustration.
   */
  async applyGenerated(event: ChapterGeneratedEvent): Promise<void> {
    if (!isChapterRef(event) || typeof event.content !== 'string' || !event.content.trim()) {
      this.logger.warn(`Ignored a malformed chapter.generated (${String(event?.storyBookId)})`);
      return;
    }
    const now = this.clock.now();
    const { stored, started, jobs, illustration } = await inTransaction(this.dataSource, async (sql) => {
      // Locked first: a release at the same moment either sees this chapter ready or is seen here.
      const story = await lockById(sql, event.storyBookId);
      if (!story) return { stored: false, started: undefined, jobs: [], illustration: undefined };
      const title = String(event.title ?? '').trim() || `Chapter ${event.chapterNumber}`;
      const scene = isObject(event.scene) ? event.scene : undefined;
      const storyPlan = isObject(event.storyPlan) ? event.storyPlan : undefined;
      const stored = await storeGeneratedChapter(
        sql,
        {
          storyBookId: event.storyBookId,
          chapterNumber: event.chapterNumber,
          attempt: event.attempt,
          title,
          content: event.content,
          summary: String(event.summary ?? ''),
          provider: String(event.provider ?? 'unknown'),
          scene,
          storyPlan,
        },
        now,
      );
      const cast: CastMemberRef[] | undefined = storyPlan ? castOf(storyPlan) : undefined;
      const illustration: ChapterIllustrationJob | undefined = stored
        ? {
            storyBookId: story.id,
            heroId: story.hero_id,
            chapterNumber: event.chapterNumber,
            title,
            content: event.content,
            attempt: 1,
            ...(scene ? { scene } : {}),
            ...(cast ? { cast } : {}),
          }
        : undefined;
      const started =
        stored && event.chapterNumber === 1
          ? await markInitialChapterWritten(sql, event.storyBookId, now)
          : undefined;
      // Whether or not this delivery stored anything: the insert is keyed, so asking twice is harmless.
      return {
        stored,
        started,
        illustration,
        jobs: await askNextChapters(sql, [started ?? story], now),
      };
    });
    if (!stored) {
      this.logger.log(
        `Ignored a stale or repeated chapter ${event.chapterNumber} of ${event.storyBookId} (attempt ${event.attempt})`,
      );
    }
    await this.followUp(jobs, started ? [started] : []);
    if (illustration) await this.illustrations.addAll([illustration]);
  }

  /** storybook.story-context: what the writer of a chapter continues (the plan, the chapters before). */
  async storyContext(query: StoryContextQuery): Promise<StoryContextDto> {
    if (!isChapterRef({ ...query, attempt: 1 })) {
      throw new ServiceError(
        400,
        ErrorCodes.BAD_REQUEST,
        'A storybook id and a chapter number are required.',
      );
    }
    const context = await storyContext(sqlOf(this.dataSource), query.storyBookId, query.chapterNumber);
    if (!context) throw storybookNotFound();
    return context;
  }

  /** chapter.generation-failed: the chapter is in error until the sweep asks for it again. */
  async applyFailed(event: ChapterGenerationFailedEvent): Promise<void> {
    if (!isChapterRef(event)) {
      this.logger.warn(`Ignored a malformed chapter.generation-failed (${String(event?.storyBookId)})`);
      return;
    }
    const marked = await inTransaction(this.dataSource, (sql) =>
      markChapterFailed(sql, event, String(event.reason ?? 'generation failed')),
    );
    if (marked) {
      this.logger.warn(
        `Chapter ${event.chapterNumber} of ${event.storyBookId} failed (attempt ${event.attempt}): ${event.reason}`,
      );
    }
  }

  /**
   * The sweep's care for chapters: a chapter asked long ago whose job Redis lost gets its job again;
   * one whose job ended without a result reaching us is failed; failed ones are asked again with the
   * next attempt. Returns how many jobs were queued.
   */
  async heal(): Promise<number> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - this.config.CHAPTER_REQUEUE_AFTER_MS);
    const stale = await inTransaction(this.dataSource, (sql) =>
      touchStaleChapters(sql, cutoff, now, HEAL_BATCH),
    );
    let queued = 0;
    for (const job of stale) {
      const state = await this.chapterQueue.state(job);
      if (state === 'missing') {
        await this.chapterQueue.add(job);
        queued++;
      } else if (state === 'finished') {
        await inTransaction(this.dataSource, (sql) =>
          markChapterFailed(sql, job, 'The writer finished without a result reaching the storybook.'),
        );
      }
    }
    const retried = await inTransaction(this.dataSource, (sql) => askFailedAgain(sql, now, HEAL_BATCH));
    await this.chapterQueue.addAll(retried);
    return queued + retried.length;
  }
}

const isObject = <T>(value: T | null | undefined): value is T =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
