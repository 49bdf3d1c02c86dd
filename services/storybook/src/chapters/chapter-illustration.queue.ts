import { Inject, Injectable } from '@nestjs/common';
import { chapterIllustrationJobId, JobQueues, type ChapterIllustrationJob } from '@starborn/contracts';
import { BASE_CONFIG, type BaseConfig } from '@starborn/runtime';
import { TrackedJobQueue } from './tracked-job-queue.js';

/** The producer side of `generation.illustration`: storybook asks, the generation workers draw. */
@Injectable()
export class ChapterIllustrationQueue extends TrackedJobQueue<ChapterIllustrationJob> {
  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    super(
      JobQueues.chapterIllustration,
      chapterIllustrationJobId,
      (job) => `The illustration of chapter ${job.chapterNumber} of ${job.storyBookId}`,
      config,
    );
  }
}
