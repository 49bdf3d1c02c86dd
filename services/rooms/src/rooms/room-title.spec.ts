import { randomUUID } from 'node:crypto';
import { defaultRoomTitle, TITLE_ADJECTIVES, TITLE_NOUNS } from './room-title.js';
import { ROOM_TITLE_MAX_LENGTH } from './validation.js';

const HERO = '0123456789abcdef0123456789abcdef';

describe('defaultRoomTitle', () => {
  it("reads as the hero's own adventure, and the same for the same hero and room", () => {
    const roomId = randomUUID();
    const title = defaultRoomTitle('Lyra', HERO, roomId);
    expect(title).toMatch(new RegExp(`^Lyra's (${TITLE_ADJECTIVES.join('|')}) (${TITLE_NOUNS.join('|')})$`));
    expect(defaultRoomTitle('Lyra', HERO, roomId)).toBe(title);
  });

  it("gives one hero's rooms many different titles", () => {
    const titles = new Set(Array.from({ length: 60 }, () => defaultRoomTitle('Lyra', HERO, randomUUID())));
    expect(titles.size).toBeGreaterThanOrEqual(20);
  });

  it('collapses spaces in the name, and cuts a long name rather than the words after it', () => {
    expect(defaultRoomTitle('  Orion   Dusk ', HERO, randomUUID())).toMatch(/^Orion Dusk's \w+ \w+$/);
    const long = defaultRoomTitle('N'.repeat(300), HERO, randomUUID());
    expect(long.length).toBeLessThanOrEqual(ROOM_TITLE_MAX_LENGTH);
    expect(long).toMatch(/^N+'s \w+ \w+$/);
  });
});
