import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { InvalidStorageKeyError } from './keys.js';
import { S3Storage } from './s3-storage.js';
import { binaryFixture, readAll, TRAVERSAL_KEYS } from './__tests__/helpers.js';

// The SDK warns once per process that its 2027 releases need Node 22; not news for a test run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const BUCKET = 'starborn-media-test';

describe('S3Storage against a loopback s3rver', () => {
  let dir: string;
  let server: S3rver;
  let endpoint: string;
  let storage: S3Storage;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'starborn-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, resetOnClose: true });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    storage = new S3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER', // s3rver's built-in account; it checks signatures
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await storage.client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  });

  afterAll(async () => {
    storage?.destroy();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('round-trips binary bytes exactly, with the content type', async () => {
    const bytes = binaryFixture(200 * 1024);
    const key = 'heroes/abc/full/front.png';
    expect(storage.kind).toBe('s3');
    await storage.put(key, bytes, 'image/png');
    expect(await storage.exists(key)).toBe(true);

    const got = await storage.get(key);
    expect(got).toBeDefined();
    expect(got!.contentType).toBe('image/png');
    expect(got!.contentLength).toBe(bytes.length);
    expect(got!.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(got!.lastModified?.getTime()).toEqual(expect.any(Number));
    const body = await readAll(got!.body);
    expect(body.length).toBe(bytes.length);
    expect(body.equals(bytes)).toBe(true);
  });

  it('keeps the content type it was given, not one guessed from the key', async () => {
    await storage.put('misc/data.bin', Buffer.from('{}'), 'application/vnd.starborn+json');
    const got = (await storage.get('misc/data.bin'))!;
    expect(got.contentType).toBe('application/vnd.starborn+json');
    expect((await readAll(got.body)).toString()).toBe('{}');
  });

  it('stores stream uploads through its client without chunk framing in the bytes', async () => {
    // With the SDK's default checksum settings this upload would be stored 45 bytes longer.
    const bytes = binaryFixture(70_000);
    await storage.client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'streams/upload.zip',
        Body: Readable.from([bytes.subarray(0, 30_000), bytes.subarray(30_000)]),
        ContentLength: bytes.length,
        ContentType: 'application/zip',
      }),
    );
    const got = (await storage.get('streams/upload.zip'))!;
    expect(got.contentLength).toBe(bytes.length);
    expect((await readAll(got.body)).equals(bytes)).toBe(true);
  });

  it('gives undefined/false for a missing key, and deletes without error', async () => {
    expect(await storage.get('nope/missing.png')).toBeUndefined();
    expect(await storage.exists('nope/missing.png')).toBe(false);
    await expect(storage.delete('nope/missing.png')).resolves.toBeUndefined();

    await storage.put('tmp/gone.txt', Buffer.from('bye'), 'text/plain');
    expect(await storage.exists('tmp/gone.txt')).toBe(true);
    await storage.delete('tmp/gone.txt');
    expect(await storage.exists('tmp/gone.txt')).toBe(false);
    expect(await storage.get('tmp/gone.txt')).toBeUndefined();
  });

  it('overwrites an existing key', async () => {
    await storage.put('x/over.txt', Buffer.from('first'), 'text/plain');
    await storage.put('x/over.txt', Buffer.from('second'), 'text/plain');
    expect((await readAll((await storage.get('x/over.txt'))!.body)).toString()).toBe('second');
  });

  it('deletes by prefix and leaves neighbours', async () => {
    for (const key of ['heroes/1/a.png', 'heroes/1/full/b.webp', 'heroes/10/c.png', 'heroes/2/d.png']) {
      await storage.put(key, Buffer.from(key), 'application/octet-stream');
    }
    expect(await storage.deletePrefix('heroes/1/')).toBe(2);
    expect(await storage.exists('heroes/1/a.png')).toBe(false);
    expect(await storage.exists('heroes/10/c.png')).toBe(true);
    expect(await storage.exists('heroes/2/d.png')).toBe(true);
    expect(await storage.deletePrefix('nothing/')).toBe(0);
    await expect(storage.deletePrefix('')).rejects.toThrow(InvalidStorageKeyError);
  });

  it('pages through more than one listing page when deleting by prefix', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `bulk/${String(i).padStart(4, '0')}.txt`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from('x'), 'text/plain')));
    }
    expect(await storage.deletePrefix('bulk/')).toBe(1005);
    expect(await storage.exists('bulk/0000.txt')).toBe(false);
  });

  it.each(TRAVERSAL_KEYS.map((k) => [k]))('refuses the unsafe key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it('reports refused credentials as errors, not as missing objects', async () => {
    // s3rver checks the access key id (it does not verify SigV4 signatures).
    const stranger = new S3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'NOBODY',
      secretAccessKey: 'nothing',
      forcePathStyle: true,
    });
    try {
      await storage.put('auth/here.txt', Buffer.from('x'), 'text/plain');
      await expect(stranger.get('auth/here.txt')).rejects.toThrow();
      await expect(stranger.exists('auth/here.txt')).rejects.toThrow();
      await expect(stranger.put('auth/other.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
      expect(await storage.exists('auth/other.txt')).toBe(false);
    } finally {
      stranger.destroy();
    }
  });

  it('refuses half a key pair', () => {
    expect(() => new S3Storage({ bucket: BUCKET, region: 'us-east-1', accessKeyId: 'only-id' })).toThrow(
      /both/,
    );
  });
});
