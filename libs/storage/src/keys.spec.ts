import { assertValidKey, contentTypeFor, InvalidStorageKeyError, keyProblem } from './keys.js';
import { TRAVERSAL_KEYS } from './__tests__/helpers.js';

describe('storage keys', () => {
  it('accepts ordinary keys', () => {
    for (const key of ['heroes/1f0e/full/front.png', 'a', 'a/b.c.d', 'x/.hidden', 'storybook/42/book.zip']) {
      expect(keyProblem(key)).toBeUndefined();
    }
  });

  it.each(TRAVERSAL_KEYS.map((k) => [k]))('refuses %j with a clear error', (key) => {
    expect(() => assertValidKey(key)).toThrow(InvalidStorageKeyError);
    expect(() => assertValidKey(key)).toThrow(/Invalid storage key/);
  });

  it('refuses keys longer than 1024 bytes', () => {
    expect(keyProblem('a'.repeat(1025))).toMatch(/longer/);
  });

  it('maps extensions to content types', () => {
    expect(contentTypeFor('a/b.png')).toBe('image/png');
    expect(contentTypeFor('a/b.WEBP')).toBe('image/webp');
    expect(contentTypeFor('b.jpg')).toBe('image/jpeg');
    expect(contentTypeFor('b.jpeg')).toBe('image/jpeg');
    expect(contentTypeFor('b.zip')).toBe('application/zip');
    expect(contentTypeFor('b.json')).toBe('application/json');
    expect(contentTypeFor('b.md')).toMatch(/^text\/markdown/);
    expect(contentTypeFor('b.txt')).toMatch(/^text\/plain/);
    expect(contentTypeFor('b.bin')).toBe('application/octet-stream');
    expect(contentTypeFor('noext')).toBe('application/octet-stream');
    expect(contentTypeFor('dir.png/noext')).toBe('application/octet-stream');
    expect(contentTypeFor('.png')).toBe('application/octet-stream');
  });
});
