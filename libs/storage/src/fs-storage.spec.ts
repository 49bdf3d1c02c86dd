import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FsStorage } from './fs-storage.js';
import { InvalidStorageKeyError } from './keys.js';
import { binaryFixture, readAll, TRAVERSAL_KEYS } from './__tests__/helpers.js';

describe('FsStorage', () => {
  let base: string;
  let root: string;
  let storage: FsStorage;

  beforeEach(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'starborn-storage-'));
    root = path.join(base, 'media');
    storage = new FsStorage(root);
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('round-trips bytes with put/get/exists/delete', async () => {
    const bytes = binaryFixture();
    const key = 'heroes/abc/full/front.png';
    expect(storage.kind).toBe('fs');
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();

    await storage.put(key, bytes, 'image/png');
    expect(await storage.exists(key)).toBe(true);
    expect(await readFile(path.join(root, 'heroes', 'abc', 'full', 'front.png'))).toEqual(bytes);

    const got = await storage.get(key);
    expect(got).toBeDefined();
    expect(got!.contentType).toBe('image/png');
    expect(got!.contentLength).toBe(bytes.length);
    expect(got!.etag).toEqual(expect.any(String));
    expect(Math.abs(got!.lastModified!.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await readAll(got!.body)).equals(bytes)).toBe(true);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined(); // missing: no error
    await expect(storage.delete('never/was/here.txt')).resolves.toBeUndefined();
  });

  it('derives the content type from the key', async () => {
    const cases = [
      ['a/book.zip', /^application\/zip$/],
      ['a/story.md', /^text\/markdown/],
      ['a/blob', /^application\/octet-stream$/],
    ] as const;
    for (const [key, type] of cases) {
      await storage.put(key, Buffer.from('x'), 'ignored/by-fs');
      const got = (await storage.get(key))!;
      got.body.destroy();
      expect(got.contentType).toMatch(type);
    }
  });

  it('overwrites, and keeps a reader on the old bytes when a put lands mid-read', async () => {
    const key = 'x/over.txt';
    await storage.put(key, Buffer.from('old-contents'), 'text/plain');
    const reading = await storage.get(key);
    await storage.put(key, Buffer.from('new'), 'text/plain');
    expect((await readAll(reading!.body)).toString()).toBe('old-contents');
    expect((await readAll((await storage.get(key))!.body)).toString()).toBe('new');
  });

  it('leaves one whole file after concurrent puts of one key, and no temp files', async () => {
    const key = 'heroes/race/full/front.png';
    const size = 256 * 1024;
    const bodies = Array.from({ length: 12 }, (_, i) => Buffer.alloc(size, i + 1));
    await Promise.all(bodies.map((b) => storage.put(key, b, 'image/png')));
    const file = await readFile(path.join(root, 'heroes', 'race', 'full', 'front.png'));
    expect(file.length).toBe(size);
    expect(file.every((byte) => byte === file[0])).toBe(true);
    expect(bodies.some((b) => b.equals(file))).toBe(true);
    expect(await readdir(path.join(root, 'heroes', 'race', 'full'))).toEqual(['front.png']);
  });

  it.each(TRAVERSAL_KEYS.map((k) => [k]))('refuses the unsafe key %j in every method', async (key) => {
    await expect(storage.put(key, Buffer.from('pwned'), 'text/plain')).rejects.toThrow(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it('writes nothing outside the root when a traversal is attempted', async () => {
    await expect(storage.put('../escaped.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(storage.put('a/../../escaped.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(await readdir(base)).toEqual([]); // not even the root was created
  });

  it('treats a directory as no object', async () => {
    await storage.put('dir/inner/file.txt', Buffer.from('x'), 'text/plain');
    expect(await storage.exists('dir/inner')).toBe(false);
    expect(await storage.get('dir/inner')).toBeUndefined();
    await expect(storage.delete('dir/inner')).resolves.toBeUndefined();
    expect(await storage.exists('dir/inner/file.txt')).toBe(true);
    expect(await storage.get('dir/inner/file.txt/below')).toBeUndefined(); // ENOTDIR
  });

  it('deletes by prefix, leaving neighbours and pruning emptied directories', async () => {
    await storage.put('heroes/1/full/front.png', Buffer.from('a'), 'image/png');
    await storage.put('heroes/1/full/back.webp', Buffer.from('b'), 'image/webp');
    await storage.put('heroes/1/thumb.png', Buffer.from('c'), 'image/png');
    await storage.put('heroes/10/thumb.png', Buffer.from('d'), 'image/png');
    await storage.put('heroes/2/thumb.png', Buffer.from('e'), 'image/png');

    expect(await storage.deletePrefix('heroes/1/')).toBe(3);
    expect(await storage.exists('heroes/10/thumb.png')).toBe(true);
    expect(await storage.exists('heroes/2/thumb.png')).toBe(true);
    expect((await readdir(path.join(root, 'heroes'))).sort()).toEqual(['10', '2']);

    expect(await storage.deletePrefix('heroes/1')).toBe(1); // a bare prefix matches 'heroes/10/…'
    expect(await storage.deletePrefix('nothing/here/')).toBe(0);
    await expect(storage.deletePrefix('')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.deletePrefix('../')).rejects.toThrow(InvalidStorageKeyError);
  });

  it('ignores a leftover temp file and never serves it', async () => {
    await mkdir(path.join(root, 'a'), { recursive: true });
    await writeFile(path.join(root, 'a', '.f.png.1.abc.tmp-upload'), 'partial');
    expect(await storage.exists('a/f.png')).toBe(false);
    await storage.put('a/f.png', Buffer.from('whole'), 'image/png');
    expect(await storage.deletePrefix('a/')).toBe(1);
  });
});
