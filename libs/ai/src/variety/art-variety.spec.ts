/**
 * Measured variety of the local provider's pictures: heroes must not share a composition, and the
 * chapters of one book must not look alike. Rendered small (the composition is the same at any size).
 */
import { createHash } from 'node:crypto';
import { heroFor } from '../__tests__/fixtures.js';
import { renderHeroImages } from '../local/art.js';
import { writeLocalChapter } from '../local/chapter.js';
import { renderChapterIllustration } from '../local/illustration.js';
import type { PlannedScene } from '../story-plan.js';
import type { HeroProfile, IllustrationRequest } from '../types.js';
import { jest } from '@jest/globals';
import { dHash, meanHammingDistance } from './image.js';

jest.setTimeout(60_000);

const idFor = (seed: string) => createHash('sha256').update(seed).digest('hex').slice(0, 32);

/** 50 heroes of spread birth dates (every sign and animal) with fixed ids. */
function fiftyHeroes(): HeroProfile[] {
  return Array.from({ length: 50 }, (_, i) => {
    const year = 1950 + ((i * 7) % 60);
    const month = (i % 12) + 1;
    const day = ((i * 5) % 27) + 1;
    const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    return heroFor(date, `Hero ${i}`, idFor(`variety-hero-${i}`));
  });
}

/** Eight chapters of one book, as the story plan stages them. */
const BOOK_SCENES: PlannedScene[] = [
  {
    place: 'Saltmere Quay',
    landscape: 'coast',
    timeOfDay: 'dawn',
    weather: 'clear',
    companions: ['Mira'],
    action: 'travel',
    moment: 'Mira unties the boat while the hero watches the tide.',
  },
  {
    place: 'The Whispering Pines',
    landscape: 'forest',
    timeOfDay: 'day',
    weather: 'mist',
    companions: ['Mira', 'Ash'],
    action: 'discover',
    moment: 'Ash finds a carved stone among the roots.',
  },
  {
    place: 'Greyspine Pass',
    landscape: 'mountains',
    timeOfDay: 'dusk',
    weather: 'snow',
    companions: ['Ash'],
    action: 'fight',
    moment: 'The hero holds the pass against the rival.',
  },
  {
    place: 'The Sunken Archive',
    landscape: 'ruins',
    timeOfDay: 'night',
    weather: 'clear',
    companions: [],
    action: 'ritual',
    moment: 'The hero lights the old sigils one by one.',
  },
  {
    place: 'Ember Crown',
    landscape: 'volcano',
    timeOfDay: 'night',
    weather: 'storm',
    companions: ['Mira', 'Vesk'],
    action: 'escape',
    moment: 'They run as the crater wakes.',
  },
  {
    place: 'Glasswater Ford',
    landscape: 'river',
    timeOfDay: 'day',
    weather: 'rain',
    companions: ['Ash'],
    action: 'parley',
    moment: 'The hero bargains with the ferryman in the rain.',
  },
  {
    place: 'The Drift Isles',
    landscape: 'sky-isles',
    timeOfDay: 'dawn',
    weather: 'wind',
    companions: ['Mira', 'Ash'],
    action: 'celebrate',
    moment: 'Friends raise lanterns above the clouds.',
  },
  {
    place: 'Hollow Deep',
    landscape: 'caverns',
    timeOfDay: 'night',
    weather: 'clear',
    companions: [],
    action: 'rest',
    moment: 'The hero rests by a crystal pool.',
  },
];

const CAST = [
  { name: 'Mira', kind: 'a one-eyed ferrywoman' },
  { name: 'Ash', kind: 'a red fox' },
  { name: 'Vesk', kind: 'a rival knight' },
];

describe('variety of the local provider’s pictures', () => {
  it('gives 50 heroes front images a mean pairwise dHash distance of at least 28 bits', async () => {
    const hashes: bigint[] = [];
    for (const hero of fiftyHeroes()) {
      const [front] = await renderHeroImages(hero, { size: 128 });
      hashes.push(await dHash(front!.png));
    }
    const mean = meanHammingDistance(hashes);
    expect(mean).toBeGreaterThanOrEqual(28);
  });

  it('gives the eight chapters of one book a mean pairwise dHash distance of at least 24 bits', async () => {
    const hero = heroFor('1991-04-02', 'Aria', idFor('variety-book'));
    const hashes: bigint[] = [];
    for (const [i, scene] of BOOK_SCENES.entries()) {
      const chapter = writeLocalChapter({
        hero,
        chapterNumber: i + 1,
        chaptersTotalCount: 8,
        previousChapter: null,
      });
      const request: IllustrationRequest = {
        hero,
        chapterNumber: i + 1,
        title: chapter.title,
        markdown: chapter.markdown,
        scene,
        cast: CAST,
      };
      hashes.push(await dHash((await renderChapterIllustration(request)).png));
    }
    const mean = meanHammingDistance(hashes);
    expect(mean).toBeGreaterThanOrEqual(24);
  });
});
