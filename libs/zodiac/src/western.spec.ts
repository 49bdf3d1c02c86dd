import {
  WESTERN_SIGNS,
  westernSignInfo,
  westernZodiacFor,
  zodiacFor,
  type WesternSignName,
} from './index.js';
import { eachDay } from './__tests__/days.js';

// The product's published table of sign dates, written out as text; the expected sign of every day is
// derived from this text alone, independently of the calendar code under test.
const SPEC_TABLE =
  'Aries 21 Mar–19 Apr, Taurus 20 Apr–20 May, Gemini 21 May–20 Jun, Cancer 21 Jun–22 Jul, Leo 23 Jul–22 Aug, ' +
  'Virgo 23 Aug–22 Sep, Libra 23 Sep–22 Oct, Scorpio 23 Oct–21 Nov, Sagittarius 22 Nov–21 Dec, ' +
  'Capricorn 22 Dec–19 Jan, Aquarius 20 Jan–18 Feb, Pisces 19 Feb–20 Mar.';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const specRanges = [...SPEC_TABLE.matchAll(/(\w+) (\d+) (\w{3})–(\d+) (\w{3})/g)].map((m) => ({
  sign: m[1]!,
  from: (MONTHS.indexOf(m[3]!) + 1) * 100 + Number(m[2]),
  to: (MONTHS.indexOf(m[5]!) + 1) * 100 + Number(m[4]),
}));

/** Every sign whose spec range contains the month/day (a range with from > to wraps the year end). */
function specSignsOf(month: number, day: number): string[] {
  const key = month * 100 + day;
  return specRanges
    .filter((r) => (r.from <= r.to ? key >= r.from && key <= r.to : key >= r.from || key <= r.to))
    .map((r) => r.sign);
}

const SPEC_ELEMENTS: Record<string, string[]> = {
  Fire: ['Aries', 'Leo', 'Sagittarius'],
  Earth: ['Taurus', 'Virgo', 'Capricorn'],
  Air: ['Gemini', 'Libra', 'Aquarius'],
  Water: ['Cancer', 'Scorpio', 'Pisces'],
};

describe('Western sign', () => {
  it('parses twelve ranges from the date-range text', () => {
    expect(specRanges).toHaveLength(12);
    expect(specRanges.every((r) => r.from > 100 && r.to > 100)).toBe(true);
  });

  it('matches the sign table on every day 1924-01-01 … 2050-12-31 (each day in exactly one range)', () => {
    const mismatches: string[] = [];
    let days = 0;
    for (const d of eachDay('1924-01-01', '2050-12-31')) {
      days++;
      const expected = specSignsOf(d.month, d.day);
      const ours = westernZodiacFor(d).sign;
      if (expected.length !== 1 || expected[0] !== ours)
        mismatches.push(`${d.iso}: ours ${ours}, spec ${expected.join('/')}`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(days).toBe(46_387);
  });

  it.each([
    ['03-20', 'Pisces', '03-21', 'Aries'],
    ['04-19', 'Aries', '04-20', 'Taurus'],
    ['05-20', 'Taurus', '05-21', 'Gemini'],
    ['06-20', 'Gemini', '06-21', 'Cancer'],
    ['07-22', 'Cancer', '07-23', 'Leo'],
    ['08-22', 'Leo', '08-23', 'Virgo'],
    ['09-22', 'Virgo', '09-23', 'Libra'],
    ['10-22', 'Libra', '10-23', 'Scorpio'],
    ['11-21', 'Scorpio', '11-22', 'Sagittarius'],
    ['12-21', 'Sagittarius', '12-22', 'Capricorn'],
    ['01-19', 'Capricorn', '01-20', 'Aquarius'],
    ['02-18', 'Aquarius', '02-19', 'Pisces'],
  ])('boundary: %s is %s, %s is %s', (lastDay, before, firstDay, after) => {
    for (const year of [1924, 1985, 2000, 2050]) {
      expect(zodiacFor(`${year}-${lastDay}`).western.sign).toBe(before);
      expect(zodiacFor(`${year}-${firstDay}`).western.sign).toBe(after);
    }
  });

  it('handles the year ends and leap day', () => {
    expect(zodiacFor('1924-01-01').western.sign).toBe('Capricorn');
    expect(zodiacFor('2050-12-31').western.sign).toBe('Capricorn');
    expect(zodiacFor('2024-02-29').western.sign).toBe('Pisces');
  });

  it('gives each sign its element, capitalised', () => {
    for (const [element, signs] of Object.entries(SPEC_ELEMENTS)) {
      for (const sign of signs) expect(westernSignInfo(sign as WesternSignName).element).toBe(element);
    }
  });

  it('returns the hero-shaped object with the sign data and fresh arrays', () => {
    const western = zodiacFor('1990-04-05').western;
    expect(western).toEqual({
      sign: 'Aries',
      dateRange: 'March 21 – April 19',
      element: 'Fire',
      traits: ['Courageous', 'Energetic', 'Direct', 'Competitive'],
      strengths: expect.any(Array),
      weaknesses: expect.any(Array),
    });
    western.traits.push('Mutated');
    expect(zodiacFor('1990-04-05').western.traits).not.toContain('Mutated');
    expect(Object.isFrozen(WESTERN_SIGNS[0]!.traits)).toBe(true);
  });
});

describe('Western guide data', () => {
  it('has the twelve signs in zodiac order with consistent dates', () => {
    expect(WESTERN_SIGNS.map((s) => s.name)).toEqual(specRanges.map((r) => r.sign));
    WESTERN_SIGNS.forEach((s, i) => {
      const r = specRanges[i]!;
      expect(s.start.month * 100 + s.start.day).toBe(r.from);
      expect(s.end.month * 100 + s.end.day).toBe(r.to);
      expect(s.dates).toMatch(/^[A-Z][a-z]+ \d{1,2} – [A-Z][a-z]+ \d{1,2}$/);
    });
    expect(westernSignInfo('Capricorn').dates).toBe('December 22 – January 19');
  });

  it('has the guide-entry fields with substantial, distinct prose', () => {
    const descriptions = new Set<string>();
    for (const s of WESTERN_SIGNS) {
      expect(Object.keys(s)).toEqual(
        expect.arrayContaining(['name', 'dates', 'element', 'traits', 'description']),
      );
      expect(s.traits.length).toBeGreaterThanOrEqual(3);
      expect(s.strengths.length).toBeGreaterThanOrEqual(3);
      expect(s.weaknesses.length).toBeGreaterThanOrEqual(3);
      const sentences = s.description.split(/(?<=[.!?])\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
      expect(s.description).toContain(s.name);
      expect(s.description.length).toBeGreaterThan(150);
      expect(s.description).not.toMatch(/lorem|todo|tbd|placeholder/i);
      descriptions.add(s.description);
    }
    expect(descriptions.size).toBe(12);
  });
});
