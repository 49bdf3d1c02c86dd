import {
  CHINESE_ANIMALS,
  CHINESE_ANIMAL_NAMES,
  animalOfChineseYear,
  chineseAnimalInfo,
  elementOfChineseYear,
  lunarNewYear,
  zodiacFor,
} from './index.js';

/** The animals in cycle order (Rat in 1924), each with the three it is traditionally compatible with. */
const ANIMALS = [
  ['Rat', ['Ox', 'Dragon', 'Monkey']],
  ['Ox', ['Rat', 'Snake', 'Rooster']],
  ['Tiger', ['Horse', 'Dog', 'Pig']],
  ['Rabbit', ['Sheep/Goat', 'Dog', 'Pig']],
  ['Dragon', ['Rat', 'Monkey', 'Rooster']],
  ['Snake', ['Ox', 'Monkey', 'Rooster']],
  ['Horse', ['Tiger', 'Sheep/Goat', 'Dog']],
  ['Sheep/Goat', ['Rabbit', 'Horse', 'Pig']],
  ['Monkey', ['Rat', 'Dragon', 'Snake']],
  ['Rooster', ['Ox', 'Dragon', 'Snake']],
  ['Dog', ['Tiger', 'Rabbit', 'Horse']],
  ['Pig', ['Tiger', 'Rabbit', 'Sheep/Goat']],
] as const;

describe('Chinese sign: fixed facts', () => {
  it.each([
    ['1984-06-01', 'Rat', 'Yang Wood', 1984],
    ['1985-06-01', 'Ox', 'Yin Wood', 1985],
    ['1992-06-01', 'Monkey', 'Yang Water', 1992],
    ['1924-01-15', 'Pig', 'Yin Water', 1923],
    ['1924-01-01', 'Pig', 'Yin Water', 1923],
    ['1924-02-04', 'Pig', 'Yin Water', 1923], // eve of the 1924 new year
    ['1924-02-05', 'Rat', 'Yang Wood', 1924], // 1924 new year day
    ['1985-02-19', 'Rat', 'Yang Wood', 1984], // eve of the late 1985 new year
    ['1985-02-20', 'Ox', 'Yin Wood', 1985],
    ['2000-02-04', 'Rabbit', 'Yin Earth', 1999],
    ['2000-02-05', 'Dragon', 'Yang Metal', 2000],
    ['2024-02-09', 'Rabbit', 'Yin Water', 2023],
    ['2024-02-10', 'Dragon', 'Yang Wood', 2024],
    ['2025-01-28', 'Dragon', 'Yang Wood', 2024],
    ['2025-01-29', 'Snake', 'Yin Wood', 2025],
    ['2050-01-22', 'Snake', 'Yin Earth', 2049],
    ['2050-01-23', 'Horse', 'Yang Metal', 2050],
    ['2050-12-31', 'Horse', 'Yang Metal', 2050],
    ['1991-02-14', 'Horse', 'Yang Metal', 1990],
    ['2003-01-31', 'Horse', 'Yang Water', 2002],
    ['2003-02-01', 'Sheep/Goat', 'Yin Water', 2003],
  ])('%s → %s (%s, Chinese year %i)', (date, sign, element, year) => {
    const { chinese } = zodiacFor(date);
    expect([chinese.sign, chinese.element, chinese.year]).toEqual([sign, element, year]);
  });

  it('accepts {year, month, day} and agrees with the string form', () => {
    expect(zodiacFor({ year: 1924, month: 1, day: 15 })).toEqual(zodiacFor('1924-01-15'));
  });

  it('tabulates well-known new year days', () => {
    expect(lunarNewYear(1923)).toEqual({ year: 1923, month: 2, day: 16 });
    expect(lunarNewYear(1924)).toEqual({ year: 1924, month: 2, day: 5 });
    expect(lunarNewYear(1985)).toEqual({ year: 1985, month: 2, day: 20 });
    expect(lunarNewYear(2050)).toEqual({ year: 2050, month: 1, day: 23 });
    expect(() => lunarNewYear(1922)).toThrow(RangeError);
    expect(() => lunarNewYear(2051)).toThrow(RangeError);
  });

  it('every tabulated new year falls between Jan 21 and Feb 20', () => {
    for (let y = 1923; y <= 2050; y++) {
      const { month, day } = lunarNewYear(y);
      expect(month * 100 + day).toBeGreaterThanOrEqual(121);
      expect(month * 100 + day).toBeLessThanOrEqual(220);
    }
  });

  it('cycles animals from Rat in 1924 and stems from Yang Wood in 1924', () => {
    expect(CHINESE_ANIMAL_NAMES).toEqual(ANIMALS.map(([animal]) => animal));
    for (let i = 0; i < 12; i++) expect(animalOfChineseYear(1924 + i)).toBe(CHINESE_ANIMAL_NAMES[i]);
    expect(animalOfChineseYear(1923)).toBe('Pig');
    expect(animalOfChineseYear(2020)).toBe('Rat');
    // Each element rules two years in a row, Yang then Yin.
    const stems = ['Wood', 'Fire', 'Earth', 'Metal', 'Water'].flatMap((e) => [`Yang ${e}`, `Yin ${e}`]);
    for (let i = 0; i < 10; i++) expect(elementOfChineseYear(1924 + i)).toBe(stems[i]);
    expect(elementOfChineseYear(1923)).toBe('Yin Water');
  });
});

describe('Chinese sign: years and compatibility', () => {
  it('lists the animal years overlapping the supported range (1923 only for the Pig)', () => {
    expect(zodiacFor('1990-06-01').chinese.years).toEqual([
      1930, 1942, 1954, 1966, 1978, 1990, 2002, 2014, 2026, 2038, 2050,
    ]);
    expect(zodiacFor('1924-01-15').chinese.years).toEqual([
      1923, 1935, 1947, 1959, 1971, 1983, 1995, 2007, 2019, 2031, 2043,
    ]);
    expect(zodiacFor('1924-02-05').chinese.years).toEqual([
      1924, 1936, 1948, 1960, 1972, 1984, 1996, 2008, 2020, 2032, 2044,
    ]);
    const all = CHINESE_ANIMALS.flatMap((a) => a.years).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 128 }, (_, i) => 1923 + i));
  });

  it.each(ANIMALS)('%s is traditionally compatible with %p', (animal, expected) => {
    expect(chineseAnimalInfo(animal).compatibility).toEqual(expected);
  });

  it('compatibility is symmetric and never includes the animal itself', () => {
    for (const a of CHINESE_ANIMALS) {
      expect(a.compatibility).not.toContain(a.name);
      for (const b of a.compatibility) expect(chineseAnimalInfo(b).compatibility).toContain(a.name);
    }
  });

  it('returns the hero-shaped object with fresh arrays', () => {
    const { chinese } = zodiacFor('1992-06-01');
    expect(Object.keys(chinese).sort()).toEqual([
      'compatibility',
      'element',
      'sign',
      'traits',
      'year',
      'years',
    ]);
    chinese.traits.length = 0;
    chinese.years.push(9999);
    expect(zodiacFor('1992-06-01').chinese.traits.length).toBeGreaterThan(0);
    expect(zodiacFor('1992-06-01').chinese.years).not.toContain(9999);
  });
});

describe('Chinese guide data', () => {
  it('has twelve animals with traits and distinct 2–3 sentence descriptions', () => {
    expect(CHINESE_ANIMALS.map((a) => a.name)).toEqual(CHINESE_ANIMAL_NAMES);
    const descriptions = new Set<string>();
    for (const a of CHINESE_ANIMALS) {
      expect(a.traits.length).toBeGreaterThanOrEqual(3);
      const sentences = a.description.split(/(?<=[.!?])\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
      expect(a.description).toContain(a.name.split('/')[0]);
      expect(a.description.length).toBeGreaterThan(150);
      descriptions.add(a.description);
    }
    expect(descriptions.size).toBe(12);
  });
});
