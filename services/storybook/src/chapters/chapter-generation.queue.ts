import { Inject, Injectable } from '@nestjs/common';
import { chapterGenerationJobId, JobQueues, type ChapterGenerationJob } from '@starborn/contracts';
import { BASE_CONFIG, type BaseConfig } from '@starborn/runtime';
import { TrackedJobQueue } from './tracked-job-queue.js';

/** The producer side of `generation.chapter`: storybook asks, the generation workers write. */
@Injectable()
export class ChapterGenerationQueue extends TrackedJobQueue<ChapterGenerationJob> {
  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    super(
      JobQueues.chapterGeneration,
      chapterGenerationJobId,
      (job) => `Chapter ${job.chapterNumber} of ${job.storyBookId}`,
      config,
    );
  }
}
