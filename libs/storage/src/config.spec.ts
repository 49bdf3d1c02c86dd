import path from 'node:path';
import { z } from 'zod';
import {
  createStorage,
  refineStorageEnv,
  storageEnvSchema,
  storageEnvShape,
  storageFromEnv,
} from './config.js';
import { FsStorage } from './fs-storage.js';
import { S3Storage } from './s3-storage.js';

// The SDK warns once per process that its 2027 releases need Node 22; not news for a test run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

describe('storageEnvSchema', () => {
  it('defaults to the file system under data/media', () => {
    expect(storageEnvSchema.parse({})).toEqual({
      STORAGE_DRIVER: 'fs',
      MEDIA_DIR: 'data/media',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it('treats empty variables as unset and parses string booleans', () => {
    const env = storageEnvSchema.parse({ STORAGE_DRIVER: '', S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: 'true' });
    expect(env.STORAGE_DRIVER).toBe('fs');
    expect(env.S3_ENDPOINT).toBeUndefined();
    expect(env.S3_FORCE_PATH_STYLE).toBe(true);
    expect(storageEnvSchema.parse({ S3_FORCE_PATH_STYLE: '0' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(storageEnvSchema.safeParse({ S3_FORCE_PATH_STYLE: 'maybe' }).success).toBe(false);
  });

  it('requires S3_BUCKET for the s3 driver', () => {
    const result = storageEnvSchema.safeParse({ STORAGE_DRIVER: 's3' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain('S3_BUCKET');
    expect(storageEnvSchema.safeParse({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media' }).success).toBe(true);
  });

  it('refuses an unknown driver, a bad endpoint and half a key pair', () => {
    expect(storageEnvSchema.safeParse({ STORAGE_DRIVER: 'gcs' }).success).toBe(false);
    expect(storageEnvSchema.safeParse({ S3_ENDPOINT: 'not a url' }).success).toBe(false);
    expect(storageEnvSchema.safeParse({ S3_ACCESS_KEY_ID: 'id' }).success).toBe(false);
  });

  it('composes into a larger schema', () => {
    const appEnv = z
      .object({ ...storageEnvShape, PORT: z.coerce.number().default(3000) })
      .superRefine(refineStorageEnv);
    expect(appEnv.parse({ PORT: '8080' })).toMatchObject({ PORT: 8080, STORAGE_DRIVER: 'fs' });
    expect(appEnv.safeParse({ STORAGE_DRIVER: 's3' }).success).toBe(false);
  });
});

describe('createStorage', () => {
  it('creates FsStorage with MEDIA_DIR resolved against baseDir', () => {
    const storage = createStorage(storageEnvSchema.parse({ MEDIA_DIR: 'm' }), { baseDir: '/srv/app' });
    expect(storage).toBeInstanceOf(FsStorage);
    expect(storage.kind).toBe('fs');
    expect((storage as FsStorage).rootDir).toBe(path.resolve('/srv/app/m'));
  });

  it('creates S3Storage from s3 settings', async () => {
    const storage = storageFromEnv({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media-bucket',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.kind).toBe('s3');
    const s3 = storage as S3Storage;
    expect(s3.bucket).toBe('media-bucket');
    expect(await s3.client.config.region()).toBe('eu-central-1');
    expect(s3.client.config.forcePathStyle).toBe(true);
    s3.destroy();
  });

  it('throws a readable error for a bad environment', () => {
    expect(() => storageFromEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });
});
