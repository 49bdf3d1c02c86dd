import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertValidKey, assertValidPrefix, contentTypeFor } from './keys.js';
import type { ObjectStorage, StoredObject } from './types.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** e.g. 'http://127.0.0.1:4569' for a local S3-compatible server; AWS when omitted. */
  endpoint?: string;
  /** Both or neither; neither means the SDK's default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (http://host/bucket/key): needed by most S3-compatible servers. Default false. */
  forcePathStyle?: boolean;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return (
    e?.name === 'NoSuchKey' ||
    e?.name === 'NotFound' ||
    e?.Code === 'NoSuchKey' ||
    e?.$metadata?.httpStatusCode === 404
  );
}

/** Objects in one S3 (or S3-compatible) bucket, through @aws-sdk/client-s3 v3. */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly client: S3Client;

  constructor(options: S3StorageOptions) {
    if (!options.bucket) throw new Error('S3Storage needs a bucket');
    if (!options.region) throw new Error('S3Storage needs a region');
    if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
      throw new Error('S3Storage needs both accessKeyId and secretAccessKey, or neither');
    }
    this.bucket = options.bucket;
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      // Checksums only where an operation requires them. With the SDK defaults, uploads get
      // aws-chunked framing with trailing checksums, which S3-compatible servers (s3rver, older
      // MinIO) store inside the object bytes without complaint. Buffers plus these settings work
      // against AWS and against those servers alike.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
    }
    this.client = new S3Client(config);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: body.length,
        ContentType: contentType || contentTypeFor(key),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    assertValidKey(key);
    let response;
    try {
      response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    const body = response.Body;
    if (!body) return undefined;
    // In Node the body is an http.IncomingMessage (a Readable); other runtimes give web streams.
    const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
    return {
      body: stream,
      contentType: response.ContentType ?? contentTypeFor(key),
      contentLength: response.ContentLength ?? 0,
      etag: response.ETag,
      lastModified: response.LastModified,
    };
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix);
    let count = 0;
    // List the first page, delete it, list again until nothing is left: no paging tokens needed,
    // and objects added meanwhile under the prefix go too. ListObjects (v1) rather than v2 because
    // s3rver makes v2 continuation tokens with DES, which Node 17+ (OpenSSL 3) refuses: any
    // truncated v2 listing fails there with InternalError. v1 works on AWS and S3-compatibles alike.
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1000 }),
      );
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => Boolean(k));
      if (keys.length === 0) return count;
      const result = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `S3 deletePrefix(${prefix}): ${failed.length} objects not deleted (first ${first?.Key}: ${first?.Code} ${first?.Message})`,
        );
      }
      count += keys.length;
      if (!page.IsTruncated) return count;
    }
  }

  /** Closes the client's sockets. */
  destroy(): void {
    this.client.destroy();
  }
}
