import type { Job, Worker } from 'bullmq';
import { Counter, Histogram, register, type Registry } from 'prom-client';

/**
 * Prometheus metrics counted by the messaging layer, in prom-client's default registry (served by
 * each process's ops listener, libs/runtime): how long jobs and messages take and how often they fail
 * per queue. Queue depth is read from Redis when scraped (libs/runtime). Business metrics (payments,
 * ...) belong to the service that knows the business; they use {@link counter} to share the registry.
 */
function metric<T>(name: string, make: () => T, registry: Registry = register): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

/**
 * A counter in the default registry, served by the process's ops listener. Declaring the same name
 * twice (a module loaded twice, tests) answers the counter already registered instead of throwing.
 */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return metric(name, () => new Counter({ name, help, labelNames }));
}

export const jobDurationSeconds = metric(
  'starborn_job_duration_seconds',
  () =>
    new Histogram({
      name: 'starborn_job_duration_seconds',
      help: 'Time a worker spent on a job (commands, events and slow jobs), by queue, message and outcome',
      labelNames: ['queue', 'name', 'outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    }),
);

export const jobFailuresTotal = metric(
  'starborn_job_failures_total',
  () =>
    new Counter({
      name: 'starborn_job_failures_total',
      help: 'Job attempts that failed (each retry counts), by queue and message',
      labelNames: ['queue', 'name'] as const,
    }),
);

/** The queues this process consumes, with their Redis prefix: their depth is reported by it. */
export const consumedQueues = new Map<string, string>();

/** The BullMQ workers of this process, closed first on shutdown (see drainWorkers). */
const liveWorkers = new Set<Worker>();

/** Records a worker: its queue's depth is reported, and shutdown drains it. */
export function trackWorker(worker: Worker, prefix: string): void {
  consumedQueues.set(worker.name, prefix);
  liveWorkers.add(worker);
  worker.once('closed', () => liveWorkers.delete(worker));
}

/**
 * Stops every worker of this process from taking jobs and waits for the jobs in flight to finish
 * (BullMQ's Worker.close). Used on SIGTERM before the rest of the application closes, so the jobs
 * still have their connections, database and message bus to finish with.
 */
export async function drainWorkers(): Promise<number> {
  const workers = [...liveWorkers];
  await Promise.all(workers.map((worker) => worker.close()));
  return workers.length;
}

/** Times one job and records its outcome. */
export async function measureJob<T>(queue: string, job: Job, work: () => Promise<T>): Promise<T> {
  const stop = jobDurationSeconds.startTimer({ queue, name: job.name });
  try {
    const result = await work();
    stop({ outcome: 'completed' });
    return result;
  } catch (error) {
    stop({ outcome: 'failed' });
    jobFailuresTotal.inc({ queue, name: job.name });
    throw error;
  }
}
