import { baseEnvSchema } from '@starborn/runtime';
import { refineStorageEnv, storageEnvShape } from '@starborn/storage';
import { z } from 'zod';

export const heroesEnvSchema = baseEnvSchema
  // The media store: a deleted account's heroes leave nothing in it.
  .extend(storageEnvShape)
  .extend({
    /** Signs /media URLs; the gateway checks them with the same secret. Required in production. */
    MEDIA_URL_SECRET: z.string().min(32).optional(),
    /** Development and tests: where the media URL secret is generated when MEDIA_URL_SECRET is unset. */
    AUTH_KEYS_DIR: z.string().default('data/keys'),
    MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  })
  .superRefine(refineStorageEnv);
export type HeroesConfig = z.infer<typeof heroesEnvSchema>;
export const HEROES_CONFIG = Symbol('HEROES_CONFIG');
