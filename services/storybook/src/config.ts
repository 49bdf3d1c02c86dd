import { baseEnvSchema } from '@starborn/runtime';
import { refineStorageEnv, storageEnvShape } from '@starborn/storage';
import { z } from 'zod';

export const storybookEnvSchema = baseEnvSchema
  // The media store: a deleted account's chapter illustrations leave nothing in it.
  .extend(storageEnvShape)
  .extend({
    /** How often the reconciliation sweep runs (releases a lost delayed job missed, heals chapters and packs). */
    STORYBOOK_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    /** Storybooks released per statement of the sweep; the sweep repeats until nothing is due. */
    STORYBOOK_RELEASE_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
    /** A chapter pack not redeemed by the buyer's unlock call after this long is redeemed by the sweep. */
    CHAPTER_CREDIT_GRACE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3_600_000)
      .default(600_000),
    /**
     * A chapter still `generating` after this long is checked: its job is added again if Redis lost it, or
     * the chapter is asked again (next attempt) if its job ended without a result reaching us.
     */
    CHAPTER_REQUEUE_AFTER_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(7 * 24 * 3_600_000)
      .default(600_000),
    /**
     * A chapter's illustration is asked at most this many times: a chapter whose picture always fails
     * is left without one instead of being asked forever.
     */
    ILLUSTRATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
    /** Signs the /media URLs of chapter illustrations; the gateway checks them with the same secret. Required in production. */
    MEDIA_URL_SECRET: z.string().min(32).optional(),
    /** Development and tests: where the media URL secret is generated when MEDIA_URL_SECRET is unset. */
    AUTH_KEYS_DIR: z.string().default('data/keys'),
    MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  })
  .superRefine(refineStorageEnv);
export type StorybookConfig = z.infer<typeof storybookEnvSchema>;
export const STORYBOOK_CONFIG = Symbol('STORYBOOK_CONFIG');
