import { aiEnvSchema } from '@starborn/ai';
import { baseEnvSchema } from '@starborn/runtime';
import { refineStorageEnv, storageEnvShape } from '@starborn/storage';
import { z } from 'zod';

export const generationEnvSchema = baseEnvSchema
  .extend(aiEnvSchema.shape)
  .extend(storageEnvShape)
  .extend({
    /** Heroes rendered at once per worker process; rendering is CPU-bound, so about one per core. */
    GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
    /**
     * Chapters written at once per worker process. A chapter is cheap for the local writer and mostly
     * waiting for the model with OpenAI, so a little more than the heroes.
     */
    CHAPTER_GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    /**
     * Chapter illustrations drawn at once per worker process: drawing is CPU-bound like a hero's
     * images (with OpenAI, mostly waiting for the model), so one per core.
     */
    ILLUSTRATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
    /**
     * Narrator lines written at once per worker process: short, and mostly waiting on the model, so the
     * replies of several busy rooms are written side by side.
     */
    NARRATOR_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /**
     * Threads libvips may use per image operation; 0 keeps its default (one per core). A worker meant to
     * use one core (a one-CPU pod) sets 1, together with UV_THREADPOOL_SIZE=1 in its environment.
     */
    GENERATION_THREADS: z.coerce.number().int().min(0).max(64).default(0),
    /**
     * How long a worker's hold on a job lasts without renewal (renewed every half of it), and how often
     * workers look for jobs whose holder vanished: a killed worker's job is taken again after one to two
     * of these. BullMQ's default; tests shorten it.
     */
    GENERATION_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
    /** Books (EPUB and PDF of one storybook version) rendered at once per worker process: CPU-bound, so one. */
    BOOK_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** The hold on a book job: longer than the longest render, so a busy renderer keeps its job. */
    BOOK_RENDER_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  })
  .superRefine(refineStorageEnv);
export type GenerationConfig = z.infer<typeof generationEnvSchema>;
export const GENERATION_CONFIG = Symbol('GENERATION_CONFIG');
