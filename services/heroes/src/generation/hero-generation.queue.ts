import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { JobQueues, type HeroGenerationJob } from '@starborn/contracts';
import { JobQueue } from '@starborn/messaging';
import { BASE_CONFIG, type BaseConfig } from '@starborn/runtime';

/** The producer side of `generation.hero`: heroes asks, the generation workers draw. */
@Injectable()
export class HeroGenerationQueue implements OnApplicationShutdown {
  private readonly queue: JobQueue<HeroGenerationJob>;

  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    this.queue = new JobQueue(JobQueues.heroGeneration, {
      url: config.REDIS_URL,
      prefix: config.REDIS_PREFIX,
    });
  }

  add(job: HeroGenerationJob, jobId: string): Promise<void> {
    return this.queue.add(job, jobId);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
