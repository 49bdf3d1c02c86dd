import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, assertValidPrefix, contentTypeFor } from './keys.js';
import type { ObjectStorage, StoredObject } from './types.js';

const TEMP_SUFFIX = '.tmp-upload';

function isTempName(name: string): boolean {
  return name.startsWith('.') && name.endsWith(TEMP_SUFFIX);
}

function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** "Not there" for a read: the file, or a directory on its path, is missing or is not a file. */
function isMissing(error: unknown): boolean {
  const code = errno(error);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * Objects as files under rootDir, one file per key. Writes are atomic (a temp file in the same
 * directory, then rename), so a reader sees the old or the new file whole, never a partial one.
 * The content type is derived from the key's extension (contentTypeFor); the one given to put is
 * not stored.
 */
export class FsStorage implements ObjectStorage {
  readonly kind = 'fs' as const;
  readonly rootDir: string;

  constructor(rootDir: string) {
    if (typeof rootDir !== 'string' || rootDir.length === 0)
      throw new Error('FsStorage needs a root directory');
    this.rootDir = path.resolve(rootDir);
  }

  /** The absolute file path for a key; throws for unsafe keys. */
  pathFor(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.rootDir, ...key.split('/'));
    // Belt and braces: validation already makes this impossible.
    const base = this.rootDir.endsWith(path.sep) ? this.rootDir : this.rootDir + path.sep;
    if (!full.startsWith(base)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.pathFor(key);
    const dir = path.dirname(target);
    const temp = path.join(
      dir,
      `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
    );
    // Two attempts: a concurrent deletePrefix may prune the directory between mkdir and the write.
    for (let attempt = 1; ; attempt += 1) {
      await mkdir(dir, { recursive: true });
      try {
        await writeFile(temp, body, { flag: 'wx' });
        await rename(temp, target);
        return;
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        if (attempt < 2 && errno(error) === 'ENOENT') continue;
        throw error;
      }
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const file = this.pathFor(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    try {
      // fstat on the open handle: size and body come from the same file even if a put renames over it.
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return undefined;
      }
      return {
        body: handle.createReadStream({ autoClose: true }),
        contentType: contentTypeFor(key),
        contentLength: info.size,
        etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    } catch (error) {
      await handle.close().catch(() => undefined);
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathFor(key);
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key);
    try {
      await unlink(file);
    } catch (error) {
      if (isMissing(error)) return;
      // unlink of a directory fails with EPERM or EISDIR: a directory is not an object.
      const info = await stat(file).catch(() => undefined);
      if (info && !info.isFile()) return;
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const dirKey = slash >= 0 ? prefix.slice(0, slash) : '';
    const startDir = dirKey ? this.pathFor(dirKey) : this.rootDir;
    let count = 0;
    const walk = async (dir: string, keyBase: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const key = keyBase ? `${keyBase}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          // Descend only where keys below can still start with the prefix.
          const inside = `${key}/`.startsWith(prefix);
          if (inside || prefix.startsWith(`${key}/`)) {
            await walk(path.join(dir, entry.name), key);
            // Prune directories the prefix emptied; one still in use stays (ENOTEMPTY).
            if (inside) await rmdir(path.join(dir, entry.name)).catch(() => undefined);
          }
        } else if (entry.isFile() && !isTempName(entry.name) && key.startsWith(prefix)) {
          try {
            await unlink(path.join(dir, entry.name));
            count += 1;
          } catch (error) {
            if (!isMissing(error)) throw error;
          }
        }
      }
    };
    await walk(startDir, dirKey);
    if (dirKey && `${dirKey}/`.startsWith(prefix)) await rmdir(startDir).catch(() => undefined);
    return count;
  }
}
