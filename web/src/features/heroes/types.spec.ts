import { describe, expect, it } from '@jest/globals';
import {
  checkoutPath,
  filterHeroesByName,
  hasUnpaidHero,
  heroBadge,
  heroOfAnswer,
  isInProgress,
  normalizeHero,
  normalizeHeroList,
  stripPreviewPrefix,
  type Hero,
} from './types';

const western = {
  sign: 'Aries',
  dateRange: 'March 21 – April 19',
  element: 'Fire',
  traits: ['Courageous'],
  strengths: ['Bold leadership'],
  weaknesses: ['Impatience'],
};
const chinese = {
  sign: 'Horse',
  element: 'Yang Metal',
  years: [1990],
  traits: ['Free'],
  compatibility: ['Tiger'],
};

function hero(overrides: Partial<Hero> = {}): Hero {
  return normalizeHero({
    id: 'a'.repeat(32),
    name: 'Lyra',
    birthdate: '1990-04-02',
    westernZodiac: western,
    chineseZodiac: chinese,
    images: [],
    backstory: '',
    status: 'complete',
    paymentStatus: 'unpaid',
    ...overrides,
  })!;
}

describe('hero answers', () => {
  it('keep the server fields and fill the aliases', () => {
    const h = normalizeHero({
      id: 'abc',
      name: 'Lyra',
      birthdate: '1990-04-02',
      zodiacInfo: { western, chinese },
      images: [{ url: '/media/a.png?exp=1&sig=x', prompt: 'p', locked: false }, { url: '' }, 'junk'],
      backstory: '# Hi',
      backstoryTruncated: true,
      status: 'generating',
      paymentStatus: 'paid',
      nftId: null,
    });
    expect(h).toMatchObject({
      id: 'abc',
      heroId: 'abc',
      name: 'Lyra',
      heroName: 'Lyra',
      westernZodiac: western,
      chineseZodiac: chinese,
      backstoryTruncated: true,
      status: 'generating',
      paymentStatus: 'paid',
      nftId: null,
    });
    // Angle defaults to front; images without a url are dropped.
    expect(h?.images).toEqual([
      { url: '/media/a.png?exp=1&sig=x', angle: 'front', prompt: 'p', locked: false },
    ]);
  });

  it('are null without a hero, and unknown values fall back safely', () => {
    expect(normalizeHero(undefined)).toBeNull();
    expect(normalizeHero({})).toBeNull();
    expect(normalizeHero('hero')).toBeNull();
    const h = normalizeHero({ heroId: 'x', heroName: 'N', status: 'weird', paymentStatus: 'maybe' });
    expect(h).toMatchObject({ id: 'x', name: 'N', status: 'pending', paymentStatus: 'unpaid', images: [] });
  });

  it('reads the list as { heroes } or a bare array', () => {
    expect(normalizeHeroList({ heroes: [{ id: '1' }, null, { id: '2' }] }).map((h) => h.id)).toEqual([
      '1',
      '2',
    ]);
    expect(normalizeHeroList([{ id: '3' }]).map((h) => h.id)).toEqual(['3']);
    expect(normalizeHeroList({})).toEqual([]);
  });
});

describe('hero rules', () => {
  it('search is a case-insensitive contains on the name; blank keeps everything', () => {
    const heroes = [hero({ name: 'Lyra Starweaver' }), hero({ name: 'Orion' }), hero({ name: 'STARLA' })];
    expect(filterHeroesByName(heroes, 'star').map((h) => h.name)).toEqual(['Lyra Starweaver', 'STARLA']);
    expect(filterHeroesByName(heroes, '  ORI ').map((h) => h.name)).toEqual(['Orion']);
    expect(filterHeroesByName(heroes, '')).toHaveLength(3);
    expect(filterHeroesByName(heroes, '   ')).toHaveLength(3);
    expect(filterHeroesByName(heroes, 'zzz')).toEqual([]);
  });

  it('badges: Generating while pending or generating, Premium when paid', () => {
    expect(heroBadge({ status: 'pending', paymentStatus: 'unpaid' })).toBe('Generating');
    expect(heroBadge({ status: 'generating', paymentStatus: 'paid' })).toBe('Generating');
    expect(heroBadge({ status: 'complete', paymentStatus: 'paid' })).toBe('Premium');
    expect(heroBadge({ status: 'complete', paymentStatus: 'unpaid' })).toBeNull();
    expect(heroBadge({ status: 'error', paymentStatus: 'unpaid' })).toBeNull();
    expect(isInProgress({ status: 'error' })).toBe(false);
  });

  it('one non-premium hero: any unpaid hero blocks the next', () => {
    expect(hasUnpaidHero([])).toBe(false);
    expect(hasUnpaidHero([{ paymentStatus: 'paid' }])).toBe(false);
    expect(hasUnpaidHero([{ paymentStatus: 'paid' }, { paymentStatus: 'unpaid' }])).toBe(true);
  });

  it('preview ids lose their prefix; checkout paths use the bare id', () => {
    expect(stripPreviewPrefix('preview-abc')).toBe('abc');
    expect(stripPreviewPrefix('abc')).toBe('abc');
    expect(checkoutPath('preview-abc')).toBe('/checkout/abc');
    expect(checkoutPath('abc', 'premium_upgrade')).toBe('/checkout/abc?type=premium_upgrade');
  });
});

describe('heroOfAnswer (create and generate answer { hero })', () => {
  it('reads the hero under `hero`', () => {
    const answer = { hero: { id: 'abc', name: 'Nova', images: [{ url: '/m/a.png' }], backstory: 'Once' } };
    expect(heroOfAnswer(answer)).toMatchObject({ id: 'abc', name: 'Nova', backstory: 'Once' });
    expect(heroOfAnswer(answer)?.images).toHaveLength(1);
  });

  it('finds no hero in a bare hero or an answer without one', () => {
    expect(heroOfAnswer({ id: 'abc', name: 'Nova' })).toBeNull();
    expect(heroOfAnswer({ hero: null })).toBeNull();
    expect(heroOfAnswer(null)).toBeNull();
  });
});
