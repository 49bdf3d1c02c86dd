export type { ObjectStorage, StoredObject } from './types.js';
export {
  InvalidStorageKeyError,
  assertValidKey,
  assertValidPrefix,
  contentTypeFor,
  extensionOf,
  keyProblem,
} from './keys.js';
export { FsStorage } from './fs-storage.js';
export { S3Storage, type S3StorageOptions } from './s3-storage.js';
export {
  createStorage,
  refineStorageEnv,
  storageEnvSchema,
  storageEnvShape,
  storageFromEnv,
  type StorageEnv,
} from './config.js';
export {
  ALL_MEDIA_WIDTHS,
  HERO_PREVIEW_SIZE,
  ILLUSTRATION_PREVIEW_WIDTH,
  MEDIA_WIDTHS,
  MediaUrlSigner,
  SIZED_ENCODING,
  SIZED_FORMATS,
  keyStem,
  parseSizedKey,
  sizedKey,
  sizedWidths,
  type SizedFormat,
  loadOrCreateDevMediaUrlSecret,
  mediaExpiry,
  mediaUrlSecret,
} from './media-url.js';
