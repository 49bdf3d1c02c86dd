import { baseEnvSchema } from '@starborn/runtime';
import { z } from 'zod';

export const authEnvSchema = baseEnvSchema.extend({
  /** PEM (PKCS#8) Ed25519 private key that signs access tokens. Required in production. */
  AUTH_PRIVATE_KEY: z.string().optional(),
  /** Where development keys are generated when AUTH_PRIVATE_KEY is not set. */
  AUTH_KEYS_DIR: z.string().default('data/keys'),
  /** Token lifetime (jose time span, e.g. 7d). */
  JWT_TTL: z.string().default('7d'),
  /** How often deleted accounts whose user.deleted never reached the bus are emitted again. */
  USER_DELETION_REEMIT_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
});
export type AuthConfig = z.infer<typeof authEnvSchema>;
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
