import { describe, expect, it } from '@jest/globals';
import {
  checkoutPath,
  filterHeroesByName,
  hasUnpaidHero,
  heroBadge,
  isInProgress,
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
  return {
    id: 'a'.repeat(32),
    heroId: 'a'.repeat(32),
    name: 'Lyra',
    heroName: 'Lyra',
    birthdate: '1990-04-02',
    westernZodiac: western,
    chineseZodiac: chinese,
    zodiacInfo: { western, chinese },
    images: [],
    backstory: '',
    backstoryTruncated: false,
    status: 'complete',
    paymentStatus: 'unpaid',
    nftId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

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
