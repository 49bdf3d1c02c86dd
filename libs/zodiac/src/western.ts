import { MONTH_NAMES, type CalendarDate } from './calendar.js';

export type WesternSignName =
  | 'Aries'
  | 'Taurus'
  | 'Gemini'
  | 'Cancer'
  | 'Leo'
  | 'Virgo'
  | 'Libra'
  | 'Scorpio'
  | 'Sagittarius'
  | 'Capricorn'
  | 'Aquarius'
  | 'Pisces';

/** The four classical elements, always capitalised: 'Fire', 'Earth', 'Air', 'Water'. */
export type WesternElement = 'Fire' | 'Earth' | 'Air' | 'Water';

/** A day of the year without the year, e.g. { month: 3, day: 21 }. */
export interface MonthDay {
  readonly month: number;
  readonly day: number;
}

/**
 * Everything known about one Western sign. It is a superset of a zodiac guide entry
 * (name, dates, element, traits, description), so the guide page can render it directly.
 */
export interface WesternSignInfo {
  readonly name: WesternSignName;
  readonly symbol: string;
  /** Human-readable inclusive range, e.g. 'March 21 – April 19'. Same text as `dateRange`. */
  readonly dates: string;
  /** First day of the sign (inclusive). */
  readonly start: MonthDay;
  /** Last day of the sign (inclusive). Capricorn wraps the year: Dec 22 – Jan 19. */
  readonly end: MonthDay;
  readonly element: WesternElement;
  readonly traits: readonly string[];
  readonly strengths: readonly string[];
  readonly weaknesses: readonly string[];
  /** Two to three sentences for the zodiac guide page. */
  readonly description: string;
}

/** The Western part of a hero's zodiac (the hero's `westernZodiac`). Arrays are fresh copies. */
export interface WesternZodiac {
  sign: WesternSignName;
  /** e.g. 'March 21 – April 19' */
  dateRange: string;
  element: WesternElement;
  traits: string[];
  strengths: string[];
  weaknesses: string[];
}

function rangeText(start: MonthDay, end: MonthDay): string {
  return `${MONTH_NAMES[start.month - 1]} ${start.day} – ${MONTH_NAMES[end.month - 1]} ${end.day}`;
}

type SignSeed = Omit<WesternSignInfo, 'dates'>;

function sign(seed: SignSeed): WesternSignInfo {
  return Object.freeze({
    ...seed,
    dates: rangeText(seed.start, seed.end),
    traits: Object.freeze([...seed.traits]),
    strengths: Object.freeze([...seed.strengths]),
    weaknesses: Object.freeze([...seed.weaknesses]),
  });
}

/** The twelve Western signs in zodiac order (Aries first), with their date ranges (libs/zodiac/README.md). */
export const WESTERN_SIGNS: readonly WesternSignInfo[] = Object.freeze([
  sign({
    name: 'Aries',
    symbol: '♈',
    start: { month: 3, day: 21 },
    end: { month: 4, day: 19 },
    element: 'Fire',
    traits: ['Courageous', 'Energetic', 'Direct', 'Competitive'],
    strengths: ['Bold leadership', 'Quick decisions', 'Infectious enthusiasm', 'Resilience under pressure'],
    weaknesses: ['Impatience', 'Quick temper', 'Acting before thinking', 'Boredom with routine'],
    description:
      'Aries opens the zodiac year at the spring equinox and carries the energy of a first spark into everything it touches. ' +
      'Ruled by Mars, the Ram meets a challenge head-on and is happiest with a wall to climb or a race to win. ' +
      'Its fire burns fast and bright, which makes it a natural trailblazer, if not always a patient one.',
  }),
  sign({
    name: 'Taurus',
    symbol: '♉',
    start: { month: 4, day: 20 },
    end: { month: 5, day: 20 },
    element: 'Earth',
    traits: ['Steadfast', 'Patient', 'Sensual', 'Practical'],
    strengths: ['Reliability', 'Persistence', 'Calm under stress', 'An eye for beauty and comfort'],
    weaknesses: ['Stubbornness', 'Possessiveness', 'Resistance to change', 'Overindulgence'],
    description:
      'Taurus is the Bull standing in a spring meadow: unhurried, deeply rooted and hard to move once its mind is made up. ' +
      'Ruled by Venus, it finds meaning in what it can touch, from good food and fine craft to loyal friends and work that lasts. ' +
      'What it builds slowly, it builds to endure.',
  }),
  sign({
    name: 'Gemini',
    symbol: '♊',
    start: { month: 5, day: 21 },
    end: { month: 6, day: 20 },
    element: 'Air',
    traits: ['Curious', 'Witty', 'Adaptable', 'Sociable'],
    strengths: ['Quick thinking', 'A gift for language', 'Versatility', 'Lively humour'],
    weaknesses: ['Inconsistency', 'Restlessness', 'Scattered focus', 'Indecision'],
    description:
      'Gemini, the Twins, keeps two minds in constant conversation and is rarely bored as a result. ' +
      'Ruled by Mercury, the messenger, it collects ideas, stories and people with equal delight and passes them on with a quick tongue. ' +
      'Its lifelong challenge is to stay on one path long enough to see where it leads.',
  }),
  sign({
    name: 'Cancer',
    symbol: '♋',
    start: { month: 6, day: 21 },
    end: { month: 7, day: 22 },
    element: 'Water',
    traits: ['Nurturing', 'Intuitive', 'Loyal', 'Protective'],
    strengths: ['Emotional intelligence', 'Devotion to loved ones', 'Tenacity', 'A long memory'],
    weaknesses: ['Moodiness', 'Over-sensitivity', 'Holding grudges', 'Retreating into its shell'],
    description:
      'Cancer, the Crab, carries its home on its back and guards everyone inside it fiercely. ' +
      'Ruled by the Moon, its feelings rise and fall like the tides, giving it an uncanny sense of what others need before they say a word. ' +
      'Beneath the hard shell beats one of the most tender hearts in the zodiac.',
  }),
  sign({
    name: 'Leo',
    symbol: '♌',
    start: { month: 7, day: 23 },
    end: { month: 8, day: 22 },
    element: 'Fire',
    traits: ['Confident', 'Generous', 'Dramatic', 'Warm-hearted'],
    strengths: ['Natural charisma', 'Loyalty', 'Creativity', 'Courage to lead'],
    weaknesses: ['Pride', 'A need for admiration', 'Stubbornness', 'Hogging the stage'],
    description:
      'Leo, the Lion, is ruled by the Sun itself and radiates the same steady warmth as high summer. ' +
      'It loves a grand gesture, a full stage and a loyal pride gathered around it, and it protects that pride generously in return. ' +
      'When its dignity is wounded, though, the roar can be far louder than the injury.',
  }),
  sign({
    name: 'Virgo',
    symbol: '♍',
    start: { month: 8, day: 23 },
    end: { month: 9, day: 22 },
    element: 'Earth',
    traits: ['Analytical', 'Diligent', 'Modest', 'Helpful'],
    strengths: ['Attention to detail', 'Practical problem-solving', 'Dependability', 'Dedication to service'],
    weaknesses: ['Perfectionism', 'Self-criticism', 'Worry', 'Overthinking'],
    description:
      'Virgo, the Maiden holding a sheaf of harvest grain, is the sign of careful hands and a discerning mind. ' +
      'Ruled by Mercury, it turns its intelligence to practical ends, sorting, mending and improving whatever it is given. ' +
      'Its high standards make it an invaluable ally, as long as it spares some of its kindness for itself.',
  }),
  sign({
    name: 'Libra',
    symbol: '♎',
    start: { month: 9, day: 23 },
    end: { month: 10, day: 22 },
    element: 'Air',
    traits: ['Diplomatic', 'Gracious', 'Fair-minded', 'Sociable'],
    strengths: ['A strong sense of justice', 'Charm', 'A talent for partnership', 'Refined taste'],
    weaknesses: ['Indecision', 'People-pleasing', 'Avoiding conflict', 'Self-doubt'],
    description:
      'Libra is the only sign represented by an object, the Scales, and balance is its lifelong quest. ' +
      'Ruled by Venus, it seeks harmony in its relationships, beauty in its surroundings and fairness in every judgement. ' +
      'It can weigh both sides so carefully that choosing one becomes the hardest part.',
  }),
  sign({
    name: 'Scorpio',
    symbol: '♏',
    start: { month: 10, day: 23 },
    end: { month: 11, day: 21 },
    element: 'Water',
    traits: ['Intense', 'Passionate', 'Perceptive', 'Resolute'],
    strengths: ['Determination', 'Fierce loyalty', 'Emotional depth', 'The power to reinvent itself'],
    weaknesses: ['Jealousy', 'Secretiveness', 'Resentment', 'A need for control'],
    description:
      'Scorpio, the Scorpion, moves quietly through deep water and sees what others would rather keep hidden. ' +
      'Ruled by Mars and, in modern astrology, Pluto, it is the sign of endings and rebirths, able to lose everything and rise again transformed. ' +
      'Its loyalty is total, and so, occasionally, is its memory for betrayal.',
  }),
  sign({
    name: 'Sagittarius',
    symbol: '♐',
    start: { month: 11, day: 22 },
    end: { month: 12, day: 21 },
    element: 'Fire',
    traits: ['Adventurous', 'Optimistic', 'Philosophical', 'Freedom-loving'],
    strengths: ['Open-mindedness', 'Generosity', 'Honesty', 'Humour'],
    weaknesses: ['Tactlessness', 'Impatience', 'Overpromising', 'Restlessness'],
    description:
      'Sagittarius, the Archer, looses an arrow at the far horizon and then sets off to find where it landed. ' +
      'Ruled by Jupiter, it hungers for travel, knowledge and big ideas, and it meets the world with a contagious optimism. ' +
      'Its honesty is a gift, even when it lands with less tact than intended.',
  }),
  sign({
    name: 'Capricorn',
    symbol: '♑',
    start: { month: 12, day: 22 },
    end: { month: 1, day: 19 },
    element: 'Earth',
    traits: ['Disciplined', 'Ambitious', 'Responsible', 'Patient'],
    strengths: ['Perseverance', 'Strategic thinking', 'Self-control', 'Dependability'],
    weaknesses: ['Pessimism', 'Rigidity', 'Overwork', 'Emotional reserve'],
    description:
      'Capricorn, the Sea-Goat, climbs the mountain one sure step at a time, knowing the summit will still be there tomorrow. ' +
      'Ruled by Saturn, it respects structure, time and hard-won mastery, and it takes its responsibilities to heart. ' +
      'Behind its reserve hides a dry wit that grows warmer the longer you know it.',
  }),
  sign({
    name: 'Aquarius',
    symbol: '♒',
    start: { month: 1, day: 20 },
    end: { month: 2, day: 18 },
    element: 'Air',
    traits: ['Independent', 'Inventive', 'Humanitarian', 'Unconventional'],
    strengths: ['Originality', 'Vision for the future', 'Loyalty to its ideals', 'Open-mindedness'],
    weaknesses: ['Emotional detachment', 'Contrariness', 'Unpredictability', 'Aloofness'],
    description:
      'Aquarius, the Water-Bearer, pours new ideas over the world and trusts that something will grow. ' +
      'Ruled by Saturn and, in modern astrology, Uranus, it pairs a principled mind with a taste for the unexpected. ' +
      'It cares deeply for humanity as a whole, even while keeping individual hearts at arm\u2019s length.',
  }),
  sign({
    name: 'Pisces',
    symbol: '♓',
    start: { month: 2, day: 19 },
    end: { month: 3, day: 20 },
    element: 'Water',
    traits: ['Compassionate', 'Imaginative', 'Intuitive', 'Gentle'],
    strengths: ['Empathy', 'Artistic talent', 'Adaptability', 'Spiritual insight'],
    weaknesses: ['Escapism', 'Indecisiveness', 'Being too trusting', 'Weak boundaries'],
    description:
      'Pisces, two Fish swimming in opposite directions, closes the zodiac wheel and seems to carry a little of every sign before it. ' +
      'Ruled by Jupiter and, in modern astrology, Neptune, it lives close to dreams, art and the feelings of others. ' +
      'Its gentle imagination can heal and inspire, provided it does not drift too far from shore.',
  }),
]);

const BY_NAME: ReadonlyMap<WesternSignName, WesternSignInfo> = new Map(WESTERN_SIGNS.map((s) => [s.name, s]));

/** Sign starts as MMDD numbers in calendar order (Aquarius 120 … Capricorn 1222). */
const STARTS = [...WESTERN_SIGNS]
  .map((s) => ({ key: s.start.month * 100 + s.start.day, sign: s }))
  .sort((a, b) => a.key - b.key);

/** Full information about a Western sign by name. */
export function westernSignInfo(name: WesternSignName): WesternSignInfo {
  const info = BY_NAME.get(name);
  if (!info) throw new RangeError(`Unknown Western sign: ${String(name)}`);
  return info;
}

/**
 * The Western sign of a month and day (the year does not matter). Boundaries are inclusive as in
 * the sign table: 03-20 is Pisces, 03-21 Aries. The date is assumed valid (see parseBirthdate).
 */
export function westernSignOf(date: MonthDay): WesternSignInfo {
  const key = date.month * 100 + date.day;
  // The last sign starting on or before the date; before Jan 20 it is still December's Capricorn.
  let found = STARTS[STARTS.length - 1]!.sign;
  for (const entry of STARTS) {
    if (entry.key > key) break;
    found = entry.sign;
  }
  return found;
}

/** The hero's `westernZodiac` object for a calendar date, with fresh (mutable) arrays. */
export function westernZodiacFor(date: CalendarDate | MonthDay): WesternZodiac {
  const info = westernSignOf(date);
  return {
    sign: info.name,
    dateRange: info.dates,
    element: info.element,
    traits: [...info.traits],
    strengths: [...info.strengths],
    weaknesses: [...info.weaknesses],
  };
}
