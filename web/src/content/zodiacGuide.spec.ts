import { describe, expect, it } from '@jest/globals';
import { CHINESE_ANIMALS, WESTERN_SIGNS } from '@starborn/zodiac';
import { ELEMENTS, guideAnchor, nearbyYears, signsOfElement } from './zodiacGuide';

describe('zodiac guide helpers', () => {
  it('groups the signs by element as the guide lists them', () => {
    const names = (element: (typeof ELEMENTS)[number]) => signsOfElement(element).map((s) => s.name);
    expect(names('Fire')).toEqual(['Aries', 'Leo', 'Sagittarius']);
    expect(names('Earth')).toEqual(['Taurus', 'Virgo', 'Capricorn']);
    expect(names('Air')).toEqual(['Gemini', 'Libra', 'Aquarius']);
    expect(names('Water')).toEqual(['Cancer', 'Scorpio', 'Pisces']);
  });

  it('has twelve signs and twelve animals, each with dates or years, traits and a description', () => {
    expect(WESTERN_SIGNS).toHaveLength(12);
    expect(CHINESE_ANIMALS).toHaveLength(12);
    for (const sign of WESTERN_SIGNS) {
      expect(sign.dates).toMatch(/^[A-Z][a-z]+ \d{1,2} – [A-Z][a-z]+ \d{1,2}$/);
      expect(sign.traits.length).toBeGreaterThan(0);
      expect(sign.description.length).toBeGreaterThan(40);
    }
  });

  it('picks three past years of an animal and the next one', () => {
    const dragon = CHINESE_ANIMALS.find((a) => a.name === 'Dragon')!;
    expect(nearbyYears(dragon.years, 2026)).toEqual([2000, 2012, 2024, 2036]);
    expect(nearbyYears(dragon.years, 2024)).toEqual([2000, 2012, 2024, 2036]);
    expect(nearbyYears([1924, 1936], 1930)).toEqual([1924, 1936]);
    expect(nearbyYears([2040, 2052], 2030)).toEqual([2040]);
    expect(nearbyYears([1990, 2002, 2014], 2030)).toEqual([1990, 2002, 2014]);
  });

  it('makes readable, unique anchors', () => {
    expect(guideAnchor('animal', 'Sheep/Goat')).toBe('animal-sheep-goat');
    const anchors = [
      ...WESTERN_SIGNS.map((s) => guideAnchor('sign', s.name)),
      ...CHINESE_ANIMALS.map((a) => guideAnchor('animal', a.name)),
    ];
    expect(new Set(anchors).size).toBe(24);
  });
});
