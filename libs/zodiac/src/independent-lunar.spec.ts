// Cross-checks the Chinese zodiac against lunar-javascript (6tail), an unrelated library that
// derives the Chinese calendar from its own astronomical computation of new moons and solar terms
// (no table of new year dates).
//
// lunar-javascript is slow inside Jest's VM sandbox (about 0.25 ms per full Solar→Lunar
// conversion), so the every-day check uses its lunar month data (first day and length of every
// lunar month, computed astronomically, exactly what its own Solar→Lunar conversion walks), and its
// full per-day conversion API is exercised on each new year day, each eve and a stride of days.
import lunarJs from 'lunar-javascript';
import { chineseZodiacFor, lunarNewYear, zodiacFor, FIRST_LUNAR_YEAR, LAST_LUNAR_YEAR } from './index.js';
import { eachDay, type Day } from './__tests__/days.js';

const { Solar, Lunar, LunarYear } = lunarJs;

const ANIMAL_BY_HANZI: Record<string, string> = {
  鼠: 'Rat',
  牛: 'Ox',
  虎: 'Tiger',
  兔: 'Rabbit',
  龙: 'Dragon',
  蛇: 'Snake',
  马: 'Horse',
  羊: 'Sheep/Goat',
  猴: 'Monkey',
  鸡: 'Rooster',
  狗: 'Dog',
  猪: 'Pig',
};

// Heavenly stems 甲乙丙丁戊己庚辛壬癸: alternately Yang and Yin, two per phase.
const ELEMENT_BY_STEM: Record<string, string> = {
  甲: 'Yang Wood',
  乙: 'Yin Wood',
  丙: 'Yang Fire',
  丁: 'Yin Fire',
  戊: 'Yang Earth',
  己: 'Yin Earth',
  庚: 'Yang Metal',
  辛: 'Yin Metal',
  壬: 'Yang Water',
  癸: 'Yin Water',
};

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

interface TheirMonth {
  lunarYear: number;
  month: number;
  firstDay: number; // UTC day number of the month's first day
  dayCount: number;
}

interface TheirConversion {
  day: Day;
  animal: string;
  element: string;
  lunarYear: number;
}

const FULL_CONVERSION_STRIDE = 29;

/** lunar-javascript's lunar months for Gregorian years 1923–2050, sorted, without duplicates. */
const theirMonths: TheirMonth[] = [];
/** lunar-javascript's own animal and stem element for each lunar year. */
const theirYear = new Map<number, { animal: string; element: string }>();
/** lunar-javascript's full Solar→Lunar conversion of each new year day, its eve and every 29th day. */
const theirConversions: TheirConversion[] = [];

const isoOfDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

beforeAll(() => {
  const convert = (iso: string) => {
    const [day] = eachDay(iso, iso);
    const lunar = Solar.fromYmd(day!.year, day!.month, day!.day).getLunar();
    theirConversions.push({
      day: day!,
      animal: ANIMAL_BY_HANZI[lunar.getYearShengXiao()]!,
      element: ELEMENT_BY_STEM[lunar.getYearGan()]!,
      lunarYear: lunar.getYear(),
    });
  };
  const seen = new Set<number>();
  const rangeStart = dayNumber('1924-01-01');
  // Year by year, so that lunar-javascript's one-year cache serves every conversion within the year.
  for (let year = 1923; year <= 2050; year++) {
    for (const m of LunarYear.fromYear(year).getMonths()) {
      const firstDay = dayNumber(Solar.fromJulianDay(m.getFirstJulianDay()).toYmd());
      if (!seen.has(firstDay)) {
        seen.add(firstDay);
        theirMonths.push({
          lunarYear: m.getYear(),
          month: m.getMonth(),
          firstDay,
          dayCount: m.getDayCount(),
        });
      }
      if (m.getYear() === year && m.getMonth() === 1 && year >= 1924) {
        convert(isoOfDayNumber(firstDay - 1));
        convert(isoOfDayNumber(firstDay));
      }
    }
    if (year >= 1924) {
      for (const d of eachDay(`${year}-01-01`, `${year}-12-31`)) {
        if ((dayNumber(d.iso) - rangeStart) % FULL_CONVERSION_STRIDE === 0) convert(d.iso);
      }
    }
  }
  theirMonths.sort((a, b) => a.firstDay - b.firstDay);
  for (let y = 1922; y <= 2050; y++) {
    const lunar = Lunar.fromYmd(y, 1, 1);
    theirYear.set(y, {
      animal: ANIMAL_BY_HANZI[lunar.getYearShengXiao()]!,
      element: ELEMENT_BY_STEM[lunar.getYearGan()]!,
    });
  }
});

describe('Chinese zodiac against lunar-javascript', () => {
  it('has contiguous lunar month data covering the whole range (sanity of the reference)', () => {
    for (let i = 1; i < theirMonths.length; i++) {
      expect(theirMonths[i]!.firstDay).toBe(theirMonths[i - 1]!.firstDay + theirMonths[i - 1]!.dayCount);
    }
    expect(theirMonths[0]!.firstDay).toBeLessThanOrEqual(dayNumber('1924-01-01'));
    const last = theirMonths[theirMonths.length - 1]!;
    expect(last.firstDay + last.dayCount).toBeGreaterThan(dayNumber('2050-12-31'));
  });

  it('tabulates the same lunar new year (first day of month 1) for every year 1923–2050', () => {
    const mismatches: string[] = [];
    for (let year = FIRST_LUNAR_YEAR; year <= LAST_LUNAR_YEAR; year++) {
      const first = theirMonths.find((m) => m.lunarYear === year && m.month === 1);
      const theirs = first ? new Date(first.firstDay * DAY_MS).toISOString().slice(0, 10) : 'missing';
      const ours = isoOf(lunarNewYear(year));
      if (theirs !== ours) mismatches.push(`${year}: ours ${ours}, lunar-javascript ${theirs}`);
    }
    expect(mismatches).toEqual([]);
    expect(LAST_LUNAR_YEAR - FIRST_LUNAR_YEAR + 1).toBe(128);
  });

  it('agrees on animal, stem element and Chinese year for every day 1924-01-01 … 2050-12-31', () => {
    let days = 0;
    let monthIndex = 0;
    const mismatches: string[] = [];
    for (const d of eachDay('1924-01-01', '2050-12-31')) {
      days++;
      const n = dayNumber(d.iso);
      while (theirMonths[monthIndex]!.firstDay + theirMonths[monthIndex]!.dayCount <= n) monthIndex++;
      const month = theirMonths[monthIndex]!;
      const expected = theirYear.get(month.lunarYear)!;
      const ours = chineseZodiacFor(d);
      if (
        n < month.firstDay ||
        ours.sign !== expected.animal ||
        ours.element !== expected.element ||
        ours.year !== month.lunarYear
      ) {
        mismatches.push(
          `${d.iso}: ours ${ours.element} ${ours.sign} (${ours.year}), lunar-javascript ${expected.element} ${expected.animal} (${month.lunarYear})`,
        );
        if (mismatches.length > 20) break;
      }
    }
    expect(mismatches).toEqual([]);
    expect(days).toBe(46_387); // 127 years, 31 of them leap years
  });

  it('agrees with the full Solar→Lunar conversion on every new year day, its eve, and every 29th day', () => {
    // 1600 strided days plus 127 new year days and their eves
    expect(theirConversions.length).toBe(1_600 + 2 * 127);
    const mismatches: string[] = [];
    for (const c of theirConversions) {
      const ours = zodiacFor(c.day.iso).chinese;
      if (ours.sign !== c.animal || ours.element !== c.element || ours.year !== c.lunarYear) {
        mismatches.push(
          `${c.day.iso}: ours ${ours.element} ${ours.sign} (${ours.year}), theirs ${c.element} ${c.animal} (${c.lunarYear})`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('switches animal and year exactly on each new year day (never on its eve)', () => {
    for (let year = 1924; year <= 2050; year++) {
      const newYear = isoOf(lunarNewYear(year));
      const eve = isoOfDayNumber(dayNumber(newYear) - 1);
      expect(zodiacFor(newYear).chinese.year).toBe(year);
      expect(zodiacFor(eve).chinese.year).toBe(year - 1);
      expect(zodiacFor(eve).chinese.sign).not.toBe(zodiacFor(newYear).chinese.sign);
      expect(zodiacFor(eve).chinese.element).not.toBe(zodiacFor(newYear).chinese.element);
    }
  });
});
