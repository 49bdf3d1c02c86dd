import { Inject, Injectable } from '@nestjs/common';
import { type ChapterIllustratedEvent, type ChapterIllustrationFailedEvent } from '@starborn/contracts';
import { inTransaction } from '@starborn/database';
import { StoryWork } from '../story-work.service.js';
import { isChapterRef } from '../storybooks/validation.js';
import { ChapterIllustrationQueue } from './chapter-illustration.queue.js';
import {
  askIllustrations,
  markIllustrationFailed,
  storeIllustration,
  touchStaleIllustrations,
} from './illustration.queries.js';

/** Illustrations healed per sweep and kind; the rest wait for the next sweep. */
const HEAL_BATCH = 200;

/**
 * Every written chapter gets a picture: asked when the chapter is stored (see ChapterWritingService),
 * stored when it arrives, for the current attempt only; a failure is asked again later by the sweep,
 * a bounded number of times. The sweep also asks for the chapters written before illustrations
 * existed, so they get theirs without being rewritten.
 */
@Injectable()
export class ChapterIllustrationService extends StoryWork {
  @Inject(ChapterIllustrationQueue) private readonly illustrations!: ChapterIllustrationQueue;

  /** chapter.illustrated: the picture's keys, size and words are stored once. */
  async applyIllustrated(event: ChapterIllustratedEvent): Promise<void> {
    const problem = illustratedProblem(event);
    if (problem) {
      this.logger.warn(`Ignored a malformed chapter.illustrated (${String(event?.storyBookId)}): ${problem}`);
      return;
    }
    const stored = await inTransaction(this.dataSource, (sql) =>
      storeIllustration(
        sql,
        { ...event, alt: event.alt.trim().slice(0, 1_000), provider: String(event.provider ?? 'unknown') },
        this.clock.now(),
      ),
    );
    if (!stored) {
      this.logger.log(
        `Ignored a stale or repeated illustration of chapter ${event.chapterNumber} of ${event.storyBookId} (attempt ${event.attempt})`,
      );
    }
  }

  /** chapter.illustration-failed: recorded; the sweep asks again later while attempts are left. */
  async applyFailed(event: ChapterIllustrationFailedEvent): Promise<void> {
    if (!isChapterRef(event)) {
      this.logger.warn(`Ignored a malformed chapter.illustration-failed (${String(event?.storyBookId)})`);
      return;
    }
    const reason = String(event.reason ?? 'illustration failed');
    const marked = await inTransaction(this.dataSource, (sql) =>
      markIllustrationFailed(sql, event, reason, this.clock.now()),
    );
    if (marked) {
      this.logger.warn(
        `The illustration of chapter ${event.chapterNumber} of ${event.storyBookId} failed (attempt ${event.attempt}): ${reason}`,
      );
    }
  }

  /**
   * The sweep's care for illustrations: one asked long ago whose job Redis lost gets its job again;
   * one whose job ended without a result reaching us is failed; written chapters without one (never
   * asked, or failed a while ago with attempts left) are asked with the next attempt. Returns how many
   * jobs were queued.
   */
  async heal(): Promise<number> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - this.config.CHAPTER_REQUEUE_AFTER_MS);
    const stale = await inTransaction(this.dataSource, (sql) =>
      touchStaleIllustrations(sql, cutoff, now, HEAL_BATCH),
    );
    let queued = 0;
    for (const job of stale) {
      const state = await this.illustrations.state(job);
      if (state === 'missing') {
        await this.illustrations.add(job);
        queued++;
      } else if (state === 'finished') {
        await inTransaction(this.dataSource, (sql) =>
          markIllustrationFailed(
            sql,
            job,
            'The illustrator finished without a result reaching the storybook.',
            now,
          ),
        );
      }
    }
    const asked = await inTransaction(this.dataSource, (sql) =>
      askIllustrations(sql, {
        now,
        retryBefore: cutoff,
        maxAttempts: this.config.ILLUSTRATION_MAX_ATTEMPTS,
        limit: HEAL_BATCH,
      }),
    );
    await this.illustrations.addAll(asked);
    return queued + asked.length;
  }
}

const isKey = (key: unknown) => typeof key === 'string' && key.length > 0 && key.length <= 1_000;
const isSide = (side: unknown) =>
  Number.isInteger(side) && (side as number) > 0 && (side as number) <= 10_000;

/** Why an illustrated event cannot be stored, or null. */
function illustratedProblem(event: ChapterIllustratedEvent | null): string | null {
  if (!isChapterRef(event)) return 'no chapter reference';
  if (!isKey(event!.fullKey) || !isKey(event!.previewKey)) return 'bad storage keys';
  if (!isSide(event!.width) || !isSide(event!.height)) return 'bad size';
  if (typeof event!.alt !== 'string' || !event!.alt.trim()) return 'no alt text';
  return null;
}
