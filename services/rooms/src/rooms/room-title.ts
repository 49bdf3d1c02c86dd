import { createHash } from 'node:crypto';
import { ROOM_TITLE_MAX_LENGTH } from './validation.js';

/** Words of the default titles: 8 × 6 = 48 combinations ("Lyra's Moonlit Quest"). */
export const TITLE_ADJECTIVES = [
  'Moonlit',
  'Starlit',
  'Celestial',
  'Radiant',
  'Twilight',
  'Ember',
  'Silver',
  'Astral',
] as const;
export const TITLE_NOUNS = ['Quest', 'Voyage', 'Odyssey', 'Saga', 'Crossing', 'Pilgrimage'] as const;

/**
 * The title of a room created without one: its creator's name and two words picked by a hash of the
 * hero and the room, so the same room always reads the same and one hero's rooms differ.
 */
export function defaultRoomTitle(heroName: string, heroId: string, roomId: string): string {
  const digest = createHash('sha256').update(`${heroId}:${roomId}`).digest();
  const adjective = TITLE_ADJECTIVES[digest[0]! % TITLE_ADJECTIVES.length]!;
  const noun = TITLE_NOUNS[digest[1]! % TITLE_NOUNS.length]!;
  const suffix = `'s ${adjective} ${noun}`;
  const name = heroName.replace(/\s+/g, ' ').trim() || 'Hero';
  // A long name is cut, not the words that tell rooms apart.
  return `${name.slice(0, ROOM_TITLE_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
}
