import { compareCalendarDates, type CalendarDate } from './calendar.js';

export type ChineseAnimal =
  | 'Rat'
  | 'Ox'
  | 'Tiger'
  | 'Rabbit'
  | 'Dragon'
  | 'Snake'
  | 'Horse'
  | 'Sheep/Goat'
  | 'Monkey'
  | 'Rooster'
  | 'Dog'
  | 'Pig';

export type Polarity = 'Yang' | 'Yin';
export type FivePhase = 'Wood' | 'Fire' | 'Earth' | 'Metal' | 'Water';
/** The year's heavenly-stem element with its polarity, e.g. 'Yang Wood' (1984), 'Yin Water' (1923). */
export type ChineseElement = `${Polarity} ${FivePhase}`;

/** Guide-page information about one animal of the twelve-year cycle. */
export interface ChineseAnimalInfo {
  readonly name: ChineseAnimal;
  /** Position in the cycle, 0 = Rat … 11 = Pig. */
  readonly index: number;
  readonly traits: readonly string[];
  /** Two to three sentences for the zodiac guide page. */
  readonly description: string;
  /**
   * Traditionally compatible animals, in cycle order: the two others of its "three harmonies"
   * trine (三合) and its "six harmonies" secret friend (六合).
   */
  readonly compatibility: readonly ChineseAnimal[];
  /**
   * Gregorian years in which a Chinese year of this animal begins, from 1923 to 2050: every
   * Chinese year that overlaps the supported birth dates 1924-01-01 … 2050-12-31. (Only the Pig
   * has 1923, whose year runs until 1924-02-04.)
   */
  readonly years: readonly number[];
}

/** The Chinese part of a hero's zodiac (the hero's `chineseZodiac`). Arrays are fresh copies. */
export interface ChineseZodiac {
  sign: ChineseAnimal;
  element: ChineseElement;
  /** See ChineseAnimalInfo.years. */
  years: number[];
  traits: string[];
  compatibility: ChineseAnimal[];
  /** Gregorian year in which this birth date's Chinese year began (1923 for 1924-01-15). */
  year: number;
}

/** First and last Gregorian years whose lunar new year is tabulated. */
export const FIRST_LUNAR_YEAR = 1923;
export const LAST_LUNAR_YEAR = 2050;

/**
 * Gregorian date (China Standard Time, UTC+8) of the first day of the first lunar month (春节),
 * encoded as MMDD, one entry per year from 1923 to 2050. When written, every entry agreed with the
 * astronomical computation of lunar-javascript (checked again by the tests, day by day) and with the
 * tables of two other packages (solarlunar, chinese-lunar); no source disagreed on any year.
 */
// prettier-ignore
const LUNAR_NEW_YEAR_MMDD: readonly number[] = [
  /* 1923 */ 216,
  /* 1924 */ 205, 124, 213, 202, 123, 210, 130, 217, 206, 126,
  /* 1934 */ 214, 204, 124, 211, 131, 219, 208, 127, 215, 205,
  /* 1944 */ 125, 213, 202, 122, 210, 129, 217, 206, 127, 214,
  /* 1954 */ 203, 124, 212, 131, 218, 208, 128, 215, 205, 125,
  /* 1964 */ 213, 202, 121, 209, 130, 217, 206, 127, 215, 203,
  /* 1974 */ 123, 211, 131, 218, 207, 128, 216, 205, 125, 213,
  /* 1984 */ 202, 220, 209, 129, 217, 206, 127, 215, 204, 123,
  /* 1994 */ 210, 131, 219, 207, 128, 216, 205, 124, 212, 201,
  /* 2004 */ 122, 209, 129, 218, 207, 126, 214, 203, 123, 210,
  /* 2014 */ 131, 219, 208, 128, 216, 205, 125, 212, 201, 122,
  /* 2024 */ 210, 129, 217, 206, 126, 213, 203, 123, 211, 131,
  /* 2034 */ 219, 208, 128, 215, 204, 124, 212, 201, 122, 210,
  /* 2044 */ 130, 217, 206, 126, 214, 202, 123,
];

if (LUNAR_NEW_YEAR_MMDD.length !== LAST_LUNAR_YEAR - FIRST_LUNAR_YEAR + 1) {
  throw new Error('Lunar new year table has the wrong length.');
}

/** Chinese animals in cycle order; the cycle is aligned so that 1924 (and 1984) is Rat. */
export const CHINESE_ANIMAL_NAMES: readonly ChineseAnimal[] = Object.freeze([
  'Rat',
  'Ox',
  'Tiger',
  'Rabbit',
  'Dragon',
  'Snake',
  'Horse',
  'Sheep/Goat',
  'Monkey',
  'Rooster',
  'Dog',
  'Pig',
] as const);

/** The ten heavenly stems (甲乙丙丁戊己庚辛壬癸) as elements with polarity; 1924 is 甲 (Yang Wood). */
const STEM_ELEMENTS: readonly ChineseElement[] = [
  'Yang Wood',
  'Yin Wood',
  'Yang Fire',
  'Yin Fire',
  'Yang Earth',
  'Yin Earth',
  'Yang Metal',
  'Yin Metal',
  'Yang Water',
  'Yin Water',
];

const mod = (n: number, m: number) => ((n % m) + m) % m;

/** Animal of a Chinese year given by the Gregorian year in which it begins (1924 → Rat). */
export function animalOfChineseYear(year: number): ChineseAnimal {
  return CHINESE_ANIMAL_NAMES[mod(year - 4, 12)]!;
}

/** Stem element of a Chinese year given by the Gregorian year in which it begins (1984 → 'Yang Wood'). */
export function elementOfChineseYear(year: number): ChineseElement {
  return STEM_ELEMENTS[mod(year - 4, 10)]!;
}

/** The Gregorian date of the lunar new year that begins Chinese year `year` (1923–2050). */
export function lunarNewYear(year: number): CalendarDate {
  if (!Number.isInteger(year) || year < FIRST_LUNAR_YEAR || year > LAST_LUNAR_YEAR) {
    throw new RangeError(
      `Lunar new year is tabulated for ${FIRST_LUNAR_YEAR}–${LAST_LUNAR_YEAR} only, got ${String(year)}.`,
    );
  }
  const mmdd = LUNAR_NEW_YEAR_MMDD[year - FIRST_LUNAR_YEAR]!;
  return { year, month: Math.floor(mmdd / 100), day: mmdd % 100 };
}

/**
 * The Chinese year a Gregorian calendar date belongs to, named by the Gregorian year in which it
 * began: a date before that year's lunar new year belongs to the previous one (1924-01-15 → 1923).
 * Defined for dates from 1923's new year to 2050-12-31.
 */
export function chineseYearOf(date: CalendarDate): number {
  return compareCalendarDates(date, lunarNewYear(date.year)) < 0 ? date.year - 1 : date.year;
}

const CHINESE_DATA: Record<ChineseAnimal, { traits: string[]; description: string }> = {
  Rat: {
    traits: ['Quick-witted', 'Resourceful', 'Versatile', 'Charming'],
    description:
      'The Rat won the Great Race by riding across the river on the Ox\u2019s back and leaping ahead at the finish, and cleverness has been its calling card ever since. ' +
      'It spots opportunities early, saves for lean times and can talk its way out of almost any trouble. ' +
      'Warm and loyal within its small circle, it stays watchful with everyone else.',
  },
  Ox: {
    traits: ['Diligent', 'Dependable', 'Strong', 'Determined'],
    description:
      'The Ox carried the Rat across the river in the Great Race and came second, never hurried but never stopping. ' +
      'It earns its way through steady work, honest dealing and a patience that outlasts flashier rivals. ' +
      'It is slow to anger, and slower still to forgive.',
  },
  Tiger: {
    traits: ['Brave', 'Confident', 'Competitive', 'Unpredictable'],
    description:
      'The Tiger is the king of the mountain forest, a creature of courage and sudden, brilliant action. ' +
      'It defends the weak, challenges authority and throws its whole heart into every cause it adopts. ' +
      'Its restlessness keeps it ready for the next adventure, sometimes before the last one is finished.',
  },
  Rabbit: {
    traits: ['Gentle', 'Elegant', 'Alert', 'Compassionate'],
    description:
      'The Rabbit, which in Chinese legend lives on the Moon beside the goddess Chang\u2019e, stands for grace, refinement and quiet good fortune. ' +
      'It prefers diplomacy to confrontation and a peaceful home to a crowded stage. ' +
      'Beneath its soft manner runs a keen sense for danger and a talent for slipping past it.',
  },
  Dragon: {
    traits: ['Ambitious', 'Charismatic', 'Energetic', 'Fearless'],
    description:
      'The Dragon is the only mythical creature in the cycle and the age-old emblem of imperial power, life-giving rain and good fortune. ' +
      'Those born under it carry big visions and the energy to pursue them, drawing others along by sheer presence. ' +
      'Its confidence is magnificent, though it does not always leave room for doubt.',
  },
  Snake: {
    traits: ['Wise', 'Enigmatic', 'Intuitive', 'Graceful'],
    description:
      'The Snake moves quietly and thinks deeply, trusting its own judgement over the noise of the crowd. ' +
      'Chinese tradition prizes it as a symbol of wisdom, and it often sees the hidden shape of a situation long before anyone else. ' +
      'It keeps its own counsel and rarely strikes without reason.',
  },
  Horse: {
    traits: ['Energetic', 'Free-spirited', 'Warm', 'Hard-working'],
    description:
      'The Horse gallops toward open country, and few things make it happier than freedom, motion and good company. ' +
      'Cheerful and popular, it becomes tireless once it is working toward something it believes in. ' +
      'Fences of any kind, real or social, quickly make it impatient.',
  },
  'Sheep/Goat': {
    traits: ['Gentle', 'Creative', 'Calm', 'Kind-hearted'],
    description:
      'The Sheep, or Goat, since one Chinese character (\u7f8a) names both, is the gentle artist of the cycle. ' +
      'Generous and peace-loving, it is drawn to beauty and its quiet creativity flourishes wherever it is treated kindly. ' +
      'Harsh surroundings may make it anxious, but they seldom make it unkind.',
  },
  Monkey: {
    traits: ['Clever', 'Playful', 'Inventive', 'Curious'],
    description:
      'The Monkey is the cycle\u2019s brilliant trickster, kin in spirit to Sun Wukong, the Monkey King of Journey to the West. ' +
      'It solves problems by improvisation, learns fast and loves a good joke, often at someone else\u2019s expense. ' +
      'When it turns its restless mind to a worthy goal, it is very hard to stop.',
  },
  Rooster: {
    traits: ['Observant', 'Hard-working', 'Confident', 'Honest'],
    description:
      'The Rooster announces the dawn and takes that duty seriously, rising early and speaking plainly. ' +
      'It is meticulous and proud, both of its appearance and of its work, and happy to tell you exactly what it thinks. ' +
      'Its candour can sting, but it is almost never dishonest.',
  },
  Dog: {
    traits: ['Loyal', 'Honest', 'Protective', 'Just'],
    description:
      'The Dog is the faithful guardian of the cycle, steadfast toward its friends and wary of anyone who might harm them. ' +
      'It has a clear sense of right and wrong and will stand up for it even at a cost to itself. ' +
      'Its trust is slow to earn, but once given it is given for life.',
  },
  Pig: {
    traits: ['Generous', 'Sincere', 'Easy-going', 'Diligent'],
    description:
      'The Pig reached the Great Race\u2019s finish last, after stopping for a meal and a nap, and has never regretted it. ' +
      'It enjoys life\u2019s comforts, shares them freely and assumes the best of everyone it meets. ' +
      'Its honest, open heart wins it many friends, though it can be too trusting for its own good.',
  },
};

/** Trines (三合): Rat-Dragon-Monkey, Ox-Snake-Rooster, Tiger-Horse-Dog, Rabbit-Sheep-Pig. */
function compatibleIndexes(i: number): number[] {
  const trine = [mod(i + 4, 12), mod(i + 8, 12)];
  // Secret friends (六合): Rat-Ox, Tiger-Pig, Rabbit-Dog, Dragon-Rooster, Snake-Monkey, Horse-Sheep.
  const secretFriend = mod(1 - i, 12);
  return [...trine, secretFriend].sort((a, b) => a - b);
}

/** The twelve animals in cycle order (Rat first) with traits, description, compatibility and years. */
export const CHINESE_ANIMALS: readonly ChineseAnimalInfo[] = Object.freeze(
  CHINESE_ANIMAL_NAMES.map((name, index) => {
    const years: number[] = [];
    for (let y = FIRST_LUNAR_YEAR; y <= LAST_LUNAR_YEAR; y++) if (mod(y - 4, 12) === index) years.push(y);
    return Object.freeze({
      name,
      index,
      traits: Object.freeze([...CHINESE_DATA[name].traits]),
      description: CHINESE_DATA[name].description,
      compatibility: Object.freeze(compatibleIndexes(index).map((i) => CHINESE_ANIMAL_NAMES[i]!)),
      years: Object.freeze(years),
    });
  }),
);

/** Full information about a Chinese animal by name. */
export function chineseAnimalInfo(name: ChineseAnimal): ChineseAnimalInfo {
  const index = CHINESE_ANIMAL_NAMES.indexOf(name);
  if (index < 0) throw new RangeError(`Unknown Chinese animal: ${String(name)}`);
  return CHINESE_ANIMALS[index]!;
}

/**
 * The hero's `chineseZodiac` object for a calendar date (1923's lunar new year … 2050-12-31;
 * use zodiacFor for validated input). Arrays are fresh copies.
 */
export function chineseZodiacFor(date: CalendarDate): ChineseZodiac {
  const year = chineseYearOf(date);
  const info = chineseAnimalInfo(animalOfChineseYear(year));
  return {
    sign: info.name,
    element: elementOfChineseYear(year),
    years: [...info.years],
    traits: [...info.traits],
    compatibility: [...info.compatibility],
    year,
  };
}
