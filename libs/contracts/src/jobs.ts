/**
 * Slow work runs as BullMQ jobs on named queues (not request/reply). Each queue is defined here once:
 * its name, retry, backoff and stall settings, the type of its payload, and the check a payload must
 * pass when a worker draws it. Producers (`JobQueue`) and workers (`createJobWorker`) in
 * libs/messaging take the payload type from the definition, so a job put on the wrong queue does not
 * compile.
 */
import type { NarratorJob } from './rooms.js';
import type { CastMemberRef, ChapterSceneDocument } from './storybook.js';

declare const payloadType: unique symbol;

export interface JobQueueDefinition<Data = unknown> {
  readonly name: string;
  readonly attempts: number;
  readonly backoffMs: number;
  /** How many times a job whose worker vanished is picked up again. */
  readonly maxStalledCount: number;
  /**
   * Why a payload cannot be processed at all (a producer's bug, a job from an older release), or null.
   * Workers run it before the job: an invalid payload fails for good, without retries. Every queue in
   * `JobQueues` has one (`defineJobQueue` asks for it); an ad-hoc queue in a test may go without.
   */
  readonly invalid?: (data: unknown) => string | null;
  /** Compile-time only: the payload type, invariant so that no other queue's payload passes for it. */
  readonly [payloadType]?: (data: Data) => Data;
}

/** The payload type of a queue definition. */
export type JobPayloadOf<Q> = Q extends JobQueueDefinition<infer Data> ? Data : never;

/** Declares a queue with its payload type: `defineJobQueue<HeroGenerationJob>({ name: ..., ... })`. */
export function defineJobQueue<Data>(definition: {
  name: string;
  attempts: number;
  backoffMs: number;
  maxStalledCount: number;
  invalid: (data: unknown) => string | null;
}): JobQueueDefinition<Data> & { readonly invalid: (data: unknown) => string | null } {
  return definition;
}

export interface HeroGenerationJob {
  heroId: string;
  /**
   * Which generation of this hero (Try Again starts the next); part of the deterministic job id. For a
   * recreation, which try of that art version (a failed recreation is tried again under the next).
   */
  attempt: number;
  /** The art version to make: absent or 0 for the first generation (images and backstory), 1…3 for a recreation (images only). */
  variant?: number;
}

/**
 * Write one chapter of a storybook. Chapters are written in order, so the job carries the summary of
 * the chapter before (null for chapter 1); the writer asks storybook for the story plan and every
 * chapter before (`storybook.story-context`) and the hero's profile of heroes, and continues the story.
 * `attempt` grows when a chapter that failed for good is asked again.
 */
export interface ChapterGenerationJob {
  storyBookId: string;
  heroId: string;
  chapterNumber: number;
  chaptersTotalCount: number;
  previousChapter: { chapterNumber: number; title: string; summary: string } | null;
  attempt: number;
}

/**
 * Draw the illustration of one written chapter: the scene comes from the chapter's own text, the
 * hero's figure and palette from its profile (asked of heroes). `attempt` grows when an illustration
 * that failed for good is asked again by the sweep.
 */
export interface ChapterIllustrationJob {
  storyBookId: string;
  heroId: string;
  chapterNumber: number;
  title: string;
  /** The chapter's markdown. */
  content: string;
  attempt: number;
  /** The chapter's scene from the story plan; absent for chapters written before plans existed. */
  scene?: ChapterSceneDocument;
  /** The story's cast, so that the companions of the scene are drawn as what they are. */
  cast?: CastMemberRef[];
}

/** Release the next chapter of a premium storybook (`chapterNumber` is the one it unlocks). */
export interface ChapterReleaseJob {
  storyBookId: string;
  chapterNumber: number;
}

/**
 * Render a hero's storybook as a book (EPUB and PDF) and store both, once per version of its content.
 * The job carries ids only: the worker asks heroes and storybook for the content, with the owner's id
 * (their permission rule), and stores the version it finds (`version` is what the gateway saw, for logs).
 */
export interface BookRenderJob {
  userId: string;
  heroId: string;
  version: string;
}

/** A job's field checks, each answering why the value is wrong or null. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isWholeFromOne = (value: unknown) => Number.isInteger(value) && (value as number) >= 1;
/** Ids become part of job ids and Redis keys, joined with ':' and '.', so they never hold a ':'. */
const isId = (value: unknown) => typeof value === 'string' && value.length > 0 && !value.includes(':');

type JobRule = (job: Record<string, unknown>) => string | null;

/** A payload check: an object, then each rule in turn; the first rule's complaint, or null. */
function jobCheck(...rules: JobRule[]): (job: unknown) => string | null {
  return (job) => {
    if (!isRecord(job)) return 'the payload must be an object';
    for (const rule of rules) {
      const problem = rule(job);
      if (problem) return problem;
    }
    return null;
  };
}

const idField =
  (name: string): JobRule =>
  (job) =>
    isId(job[name]) ? null : `${name} must be a non-empty string without ":"`;
const attemptField: JobRule = (job) =>
  isWholeFromOne(job.attempt) ? null : 'attempt must be a whole number from 1';

const variantField: JobRule = (job) =>
  job.variant === undefined || (Number.isInteger(job.variant) && (job.variant as number) >= 0)
    ? null
    : 'variant must be a whole number from 0';

const invalidHeroJob = jobCheck(idField('heroId'), attemptField, variantField);

const invalidChapterJob = jobCheck(
  idField('storyBookId'),
  (job) => (typeof job.heroId !== 'string' || !job.heroId ? 'heroId must be a non-empty string' : null),
  (job) =>
    !isWholeFromOne(job.chapterNumber) || !isWholeFromOne(job.chaptersTotalCount)
      ? 'chapterNumber and chaptersTotalCount must be whole numbers from 1'
      : null,
  attemptField,
  ({ previousChapter: previous }) =>
    previous != null &&
    (!isRecord(previous) || typeof previous.title !== 'string' || typeof previous.summary !== 'string')
      ? 'previousChapter must be null or carry a title and a summary'
      : null,
);

const invalidIllustrationJob = jobCheck(
  idField('storyBookId'),
  idField('heroId'),
  (job) => (isWholeFromOne(job.chapterNumber) ? null : 'chapterNumber must be a whole number from 1'),
  (job) =>
    typeof job.title !== 'string' || typeof job.content !== 'string' || !job.content
      ? 'title and content must be strings, content not empty'
      : null,
  attemptField,
  ({ scene }) =>
    scene != null &&
    (!isRecord(scene) || typeof scene.place !== 'string' || typeof scene.landscape !== 'string')
      ? 'scene must be absent or carry a place and a landscape'
      : null,
  ({ cast }) =>
    cast != null &&
    (!Array.isArray(cast) ||
      !cast.every(
        (member) => isRecord(member) && typeof member.name === 'string' && typeof member.kind === 'string',
      ))
      ? 'cast must be absent or a list of names with their kinds'
      : null,
);

const invalidNarratorJob = jobCheck(idField('roomId'), idField('triggerId'));

const invalidReleaseJob = jobCheck(idField('storyBookId'), (job) =>
  Number.isInteger(job.chapterNumber) ? null : 'chapterNumber must be a whole number',
);

const invalidBookRenderJob = jobCheck(idField('userId'), idField('heroId'), idField('version'));

/** The sweep's job carries nothing: it looks at the database. */
export type ReconciliationJob = Record<string, never>;

export const JobQueues = {
  heroGeneration: defineJobQueue<HeroGenerationJob>({
    name: 'generation.hero',
    attempts: 3,
    backoffMs: 2_000,
    maxStalledCount: 3,
    invalid: invalidHeroJob,
  }),
  narrator: defineJobQueue<NarratorJob>({
    name: 'generation.narrator',
    attempts: 3,
    backoffMs: 1_000,
    maxStalledCount: 3,
    invalid: invalidNarratorJob,
  }),
  chapterGeneration: defineJobQueue<ChapterGenerationJob>({
    name: 'generation.chapter',
    attempts: 3,
    backoffMs: 2_000,
    maxStalledCount: 3,
    invalid: invalidChapterJob,
  }),
  chapterIllustration: defineJobQueue<ChapterIllustrationJob>({
    name: 'generation.illustration',
    attempts: 3,
    backoffMs: 2_000,
    maxStalledCount: 3,
    invalid: invalidIllustrationJob,
  }),
  /** One job per book version (and time slot, so a version that failed for good is tried again later). */
  bookRender: defineJobQueue<BookRenderJob>({
    name: 'generation.book',
    attempts: 2,
    backoffMs: 1_000,
    maxStalledCount: 2,
    invalid: invalidBookRenderJob,
  }),
  /** One delayed job per storybook, due at its next release time. */
  chapterRelease: defineJobQueue<ChapterReleaseJob>({
    name: 'storybook.release',
    attempts: 5,
    backoffMs: 5_000,
    maxStalledCount: 3,
    invalid: invalidReleaseJob,
  }),
  /** A repeatable sweep that makes every due release a lost delayed job did not make. */
  releaseReconciliation: defineJobQueue<ReconciliationJob>({
    name: 'storybook.reconcile',
    attempts: 1,
    backoffMs: 0,
    maxStalledCount: 3,
    invalid: () => null,
  }),
} as const;

/** `hero.<heroId>.<attempt>` for the first art, `hero.<heroId>.v<variant>.<attempt>` for a recreation. */
export const heroGenerationJobId = (job: HeroGenerationJob) =>
  job.variant ? `hero.${job.heroId}.v${job.variant}.${job.attempt}` : `hero.${job.heroId}.${job.attempt}`;
export const chapterGenerationJobId = (job: ChapterGenerationJob) =>
  `chapter.${job.storyBookId}.${job.chapterNumber}.${job.attempt}`;
export const chapterIllustrationJobId = (job: ChapterIllustrationJob) =>
  `illustration.${job.storyBookId}.${job.chapterNumber}.${job.attempt}`;
export const chapterReleaseJobId = (job: ChapterReleaseJob) =>
  `release.${job.storyBookId}.${job.chapterNumber}`;
/** How long a book version that failed for good waits before a new export asks for it again. */
export const BOOK_RENDER_RETRY_SLOT_MS = 5 * 60_000;
export const bookRenderJobId = (job: BookRenderJob, now = Date.now()) =>
  `book.${job.heroId}.${job.version}.${Math.floor(now / BOOK_RENDER_RETRY_SLOT_MS)}`;
export const narratorJobId = (job: { roomId: string; triggerId: string }) =>
  `narrator.${job.roomId}.${job.triggerId}`;
