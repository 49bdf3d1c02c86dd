/**
 * Slow work runs as BullMQ jobs on named queues (not request/reply). Retry, backoff and retention
 * are set here, per queue, in one place.
 */
export interface HeroGenerationJob {
  heroId: string;
  /** Which generation of this hero (Try Again starts the next); part of the deterministic job id. */
  attempt: number;
}

export interface JobQueueDefinition {
  name: string;
  attempts: number;
  backoffMs: number;
  /** How many times a job whose worker vanished is picked up again. */
  maxStalledCount: number;
}

export const JobQueues = {
  heroGeneration: { name: 'generation.hero', attempts: 3, backoffMs: 2_000, maxStalledCount: 3 },
} as const satisfies Record<string, JobQueueDefinition>;

export const heroGenerationJobId = (job: HeroGenerationJob) => `hero.${job.heroId}.${job.attempt}`;
