/**
 * Hero ids are made by the client: a random GUID without dashes, 32 lowercase hex characters.
 * The server refuses anything else and answers 409 to a duplicate.
 */
export const HERO_ID_PATTERN = /^[0-9a-f]{32}$/;

export interface RandomSource {
  randomUUID?: () => string;
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
}

function fromRandomBytes(source: RandomSource): string {
  const bytes = source.getRandomValues(new Uint8Array(16));
  // RFC 4122 version 4 and variant bits, as crypto.randomUUID would set them.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** crypto.randomUUID() without dashes; getRandomValues where randomUUID is missing (non-secure origins). */
export function newHeroId(source: RandomSource = globalThis.crypto): string {
  const id =
    typeof source.randomUUID === 'function'
      ? source.randomUUID().replace(/-/g, '').toLowerCase()
      : fromRandomBytes(source);
  if (!HERO_ID_PATTERN.test(id)) throw new Error('Could not make a hero id.');
  return id;
}
