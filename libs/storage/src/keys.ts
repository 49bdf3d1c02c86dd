/**
 * Object keys are '/'-separated relative paths such as 'heroes/<id>/full/front.png'. One rule set
 * serves both drivers, so a key valid for the file system is valid for S3 and the other way round,
 * and no key can name anything outside the storage root.
 */
export class InvalidStorageKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const MAX_KEY_BYTES = 1024; // S3's own limit

/** Returns the reason a key is refused, or undefined when it is fine. */
export function keyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string') return 'it must be a string';
  if (key.length === 0) return 'it is empty';
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return `it is longer than ${MAX_KEY_BYTES} bytes`;
  if (key.includes('\0')) return 'it contains a NUL character';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'it contains a control character';
  if (key.includes('\\')) return 'it contains a backslash';
  if (key.startsWith('/')) return 'it is an absolute path';
  if (/^[A-Za-z]:/.test(key)) return 'it starts with a drive letter';
  for (const segment of key.split('/')) {
    if (segment === '') return 'it has an empty path segment';
    if (segment === '.' || segment === '..') return `it has a "${segment}" path segment`;
  }
  return undefined;
}

/** Throws InvalidStorageKeyError unless the key is a safe relative key. */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new InvalidStorageKeyError(String(key), problem);
}

/**
 * Prefixes for deletePrefix: a valid key, optionally followed by one '/' ('heroes/123/').
 * The empty prefix (everything) is refused on purpose.
 */
export function assertValidPrefix(prefix: string): void {
  const trimmed = typeof prefix === 'string' && prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  const problem = keyProblem(trimmed);
  if (problem) throw new InvalidStorageKeyError(String(prefix), `as a prefix, ${problem}`);
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
  json: 'application/json',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** The file extension of a key's last segment, lower-cased, without the dot ('' when none). */
export function extensionOf(key: string): string {
  const last = key.slice(key.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/** MIME type from the key's extension; application/octet-stream when unknown. */
export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[extensionOf(key)] ?? 'application/octet-stream';
}
