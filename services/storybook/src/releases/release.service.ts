import { Injectable } from '@nestjs/common';
import type { ChapterReleaseJob } from '@starborn/contracts';
import { inTransaction } from '@starborn/database';
import { StoryWork } from '../story-work.service.js';
import { isUuid } from '../storybooks/validation.js';
import { releaseDueBatch, releaseOne } from './release.queries.js';

/** A bound on one sweep, should something keep every batch full (each story releases ≤ 10 times). */
const MAX_BATCHES_PER_SWEEP = 1_000;

export type ReleaseOutcome = 'released' | 'nothing-to-do';

/**
 * Daily releases of premium stories. A story's delayed job makes its release on time; the sweep makes
 * any release a job did not (lost in a Redis flush, a service down at that moment). Both go through a
 * conditional update, so a chapter is released once however they meet.
 */
@Injectable()
export class ReleaseService extends StoryWork {
  /**
   * A story's delayed job. Not due yet (clocks apart) or already released: nothing happens, and the
   * sweep or the already scheduled next job carries on.
   */
  async releaseScheduled(job: ChapterReleaseJob): Promise<ReleaseOutcome> {
    if (!isUuid(job?.storyBookId) || !Number.isInteger(job.chapterNumber) || job.chapterNumber < 2) {
      this.logger.warn(`Ignored a malformed release job (${JSON.stringify(job)})`);
      return 'nothing-to-do';
    }
    const now = this.clock.now();
    const { released, chapterJobs } = await inTransaction(this.dataSource, (sql) =>
      releaseOne(sql, job.storyBookId, job.chapterNumber, now),
    );
    await this.followUp(chapterJobs, released);
    return released.length > 0 ? 'released' : 'nothing-to-do';
  }

  /**
   * The sweep: every due story, in batches, until none is due — a story several days behind (the
   * service was down) is due again after each release and gets one chapter per batch until it has
   * caught up. Returns how many chapters it released.
   */
  async releaseDue(): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
      const now = this.clock.now();
      const { released, chapterJobs } = await inTransaction(this.dataSource, (sql) =>
        releaseDueBatch(sql, now, this.config.STORYBOOK_RELEASE_BATCH),
      );
      await this.followUp(chapterJobs, released);
      total += released.length;
      if (released.length === 0) break;
    }
    if (total > 0) this.logger.log(`The sweep released ${total} due chapter(s)`);
    return total;
  }
}
