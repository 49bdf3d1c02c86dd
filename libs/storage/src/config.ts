import path from 'node:path';
import { z } from 'zod';
import { FsStorage } from './fs-storage.js';
import { S3Storage } from './s3-storage.js';
import type { ObjectStorage } from './types.js';

/** An unset variable and an empty one (`S3_ENDPOINT=` in a .env file) mean the same. */
const emptyAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** The fields alone, for composing into a larger env schema (`z.object({ ...storageEnvShape, ... })`). */
export const storageEnvShape = {
  STORAGE_DRIVER: emptyAsUnset(z.enum(['fs', 's3']).default('fs')),
  MEDIA_DIR: emptyAsUnset(z.string().default('data/media')),
  S3_BUCKET: emptyAsUnset(z.string().optional()),
  S3_REGION: emptyAsUnset(z.string().default('us-east-1')),
  S3_ENDPOINT: emptyAsUnset(z.url().optional()),
  S3_ACCESS_KEY_ID: emptyAsUnset(z.string().optional()),
  S3_SECRET_ACCESS_KEY: emptyAsUnset(z.string().optional()),
  S3_FORCE_PATH_STYLE: emptyAsUnset(z.stringbool().default(false)),
};

type StorageEnvFields = { [K in keyof typeof storageEnvShape]: unknown };

/** The cross-field rules; reuse them with `.superRefine(refineStorageEnv)` on a composed schema. */
export function refineStorageEnv(env: Partial<StorageEnvFields>, ctx: z.RefinementCtx): void {
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'S3_BUCKET is required when STORAGE_DRIVER=s3',
    });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
  }
}

export const storageEnvSchema = z.object(storageEnvShape).superRefine(refineStorageEnv);

export type StorageEnv = z.output<typeof storageEnvSchema>;

/**
 * The storage a parsed config names. MEDIA_DIR is resolved against `baseDir` (default: the process's
 * working directory).
 */
export function createStorage(config: StorageEnv, options: { baseDir?: string } = {}): ObjectStorage {
  if (config.STORAGE_DRIVER === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new FsStorage(path.resolve(options.baseDir ?? process.cwd(), config.MEDIA_DIR));
}

/** Parses the environment (throws a ZodError listing every problem) and creates the storage. */
export function storageFromEnv(
  env: Record<string, string | undefined> = process.env,
  options: { baseDir?: string } = {},
): ObjectStorage {
  return createStorage(storageEnvSchema.parse(env), options);
}
