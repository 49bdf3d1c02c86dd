import type { Readable } from 'node:stream';

export interface StoredObject {
  /** The object's bytes; the caller must consume or destroy it. */
  body: Readable;
  contentType: string;
  contentLength: number;
  etag?: string;
  lastModified?: Date;
}

export interface ObjectStorage {
  readonly kind: 'fs' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** undefined when the key does not exist. */
  get(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** No error when the key does not exist. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with prefix; returns how many. The empty prefix is refused. */
  deletePrefix(prefix: string): Promise<number>;
}
