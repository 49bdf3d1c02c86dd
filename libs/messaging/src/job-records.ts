import { Queue, type JobType } from 'bullmq';
import type { Redis } from 'ioredis';

/** What identifies a deleted subject in job records. */
export interface JobRecordMatch {
  /**
   * Ids (user, hero, storybook ids): a job holding one anywhere (id, name, payload, result, failure)
   * is removed whatever its state, except a running one (it gives up by itself when its subject is
   * gone) and a `user.deleted` job (the deletion still owed to a service).
   */
  ids: string[];
  /**
   * Words (hero names), matched without regard to case: only finished jobs (completed, failed) that
   * hold one are removed, so a queued job of someone else that happens to name the same word still runs.
   */
  words?: string[];
}

/** The states a job can be removed in; a running (active) job is locked by its worker. */
const QUEUED: JobType[] = ['waiting', 'delayed', 'prioritized', 'waiting-children'];
const FINISHED: JobType[] = ['completed', 'failed'];
const PAGE = 500;
/** Kept: the deletion event itself, which every subscriber must still receive. */
const KEPT_JOB_NAMES = new Set(['user.deleted']);

/** The names of every BullMQ queue under the prefix (found by the keys each queue keeps). */
export async function queueNamesUnder(redis: Redis, prefix: string): Promise<string[]> {
  const names = new Set<string>();
  for (const suffix of ['meta', 'id', 'events']) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*:${suffix}`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) names.add(key.slice(prefix.length + 1, -(suffix.length + 1)));
    } while (cursor !== '0');
  }
  return [...names].filter((name) => name.length > 0);
}

/** Words this short would match too much of everyone else's records; ids are never this short. */
const MIN_WORD_LENGTH = 3;

function holds(text: string, match: JobRecordMatch, finished: boolean): boolean {
  if (match.ids.some((id) => id.length >= MIN_WORD_LENGTH && text.includes(id))) return true;
  if (!finished || !match.words?.length) return false;
  const lower = text.toLowerCase();
  return match.words.some((word) => word.length >= MIN_WORD_LENGTH && lower.includes(word.toLowerCase()));
}

/**
 * Removes, from every queue under the prefix, the job records (queued and finished) and the queue
 * event-stream entries that hold one of the subject's identifiers: what a deleted account leaves in
 * Redis besides its own keys. Answers how many jobs and stream entries went.
 */
export async function purgeJobRecords(
  redis: Redis,
  prefix: string,
  match: JobRecordMatch,
): Promise<{ jobs: number; streamEntries: number }> {
  const result = { jobs: 0, streamEntries: 0 };
  if (match.ids.every((id) => !id) && !match.words?.some(Boolean)) return result;
  for (const name of await queueNamesUnder(redis, prefix)) {
    const queue = new Queue(name, { connection: redis, prefix });
    try {
      for (const [states, finished] of [
        [QUEUED, false],
        [FINISHED, true],
      ] as const) {
        result.jobs += await purgeJobs(queue, states, match, finished);
      }
    } finally {
      await queue.close().catch(() => undefined);
    }
    result.streamEntries += await purgeStreamEntries(redis, `${prefix}:${name}:events`, match);
  }
  return result;
}

async function purgeJobs(
  queue: Queue,
  states: JobType[],
  match: JobRecordMatch,
  finished: boolean,
): Promise<number> {
  let removed = 0;
  for (let start = 0; ; start += PAGE) {
    const jobs = await queue.getJobs(states, start, start + PAGE - 1, true);
    let removedHere = 0;
    for (const job of jobs) {
      if (!job?.id || KEPT_JOB_NAMES.has(job.name)) continue;
      // The options too: the telemetry metadata carries the id of the user whose request made the job.
      const text = JSON.stringify([
        job.id,
        job.name,
        job.data,
        job.opts,
        job.returnvalue,
        job.failedReason,
        job.stacktrace,
      ]);
      if (!holds(text, match, finished)) continue;
      // A job that started meanwhile is locked: it is left to give up by itself.
      if ((await queue.remove(job.id).catch(() => 0)) > 0) removedHere++;
    }
    removed += removedHere;
    if (jobs.length < PAGE) return removed;
    // The removed jobs left the list: the next page starts that much earlier.
    start -= removedHere;
  }
}

/** Deletes the queue's event-stream entries (added, completed, failed…) that name the subject. */
export async function purgeStreamEntries(redis: Redis, key: string, match: JobRecordMatch): Promise<number> {
  let removed = 0;
  let from = '-';
  for (;;) {
    const entries = await redis.xrange(key, from, '+', 'COUNT', 1000);
    const doomed = entries
      .filter(([, fields]) => holds(fields.join('\n'), match, true))
      .map(([entryId]) => entryId);
    if (doomed.length > 0) removed += await redis.xdel(key, ...doomed);
    if (entries.length < 1000) return removed;
    from = `(${entries[entries.length - 1]![0]}`;
  }
}

const globEscape = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Deletes the keys under the prefix whose name holds one of the ids, outside the queues (whose job
 * records purgeJobRecords removes with their indexes): the counters, caches and markers kept per user
 * (rate limits, session markers). Answers how many went.
 */
export async function deleteKeysNaming(redis: Redis, prefix: string, ids: string[]): Promise<number> {
  const queues = (await queueNamesUnder(redis, prefix)).map((name) => `${prefix}:${name}:`);
  let deleted = 0;
  for (const id of ids.filter((one) => one.length >= MIN_WORD_LENGTH)) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*${globEscape(id)}*`, 'COUNT', 1000);
      cursor = next;
      const doomed = keys.filter((key) => !queues.some((queue) => key.startsWith(queue)));
      if (doomed.length > 0) deleted += await redis.del(...doomed);
    } while (cursor !== '0');
  }
  return deleted;
}

/**
 * When a service runs its part of an account deletion again, after the first run: for what raced the
 * deletion (a file stored, an event emitted or a job finished by work that was in flight). The last one
 * sets the bound documented in docs/security/account-deletion.md.
 */
export const DELETION_FOLLOW_UPS_MS: readonly number[] = [5_000, 30_000];

/**
 * The follow-up runs of deletions (see DELETION_FOLLOW_UPS_MS), on timers of this process: they do not
 * hold the process open, and `stop` (at shutdown) drops those still due.
 */
export class DeletionFollowUps {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly onError: (what: string, error: Error) => void,
    private readonly delaysMs: readonly number[] = DELETION_FOLLOW_UPS_MS,
  ) {}

  schedule(what: string, task: () => Promise<unknown>): void {
    for (const delay of this.delaysMs) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        task().catch((error: Error) => this.onError(what, error));
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** How many runs are still due (for tests). */
  get pending(): number {
    return this.timers.size;
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
