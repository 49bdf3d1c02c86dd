import {
  calendarDateInTimeZone,
  compareCalendarDates,
  daysInMonth,
  formatCalendarDate,
  isLeapYear,
  isValidCalendarDate,
  localCalendarDate,
} from './index.js';

describe('isLeapYear', () => {
  it.each([
    [1924, true],
    [1900, false],
    [2000, true],
    [2001, false],
    [2024, true],
    [2100, false],
    [2400, true],
  ])('%i → %s', (year, expected) => {
    expect(isLeapYear(year)).toBe(expected);
  });

  it('rejects a non-integer year', () => {
    expect(() => isLeapYear(2000.5)).toThrow(RangeError);
  });
});

describe('daysInMonth', () => {
  it('matches the day before the 1st of the next month (UTC Date arithmetic) for every month 1900–2100', () => {
    for (let year = 1900; year <= 2100; year++) {
      for (let month = 1; month <= 12; month++) {
        // Date.UTC(year, month, 0) is the last day of `month` (1-based) in UTC.
        expect(daysInMonth(year, month)).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
      }
    }
  });

  it('knows February in leap and common years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
  });

  it.each([0, 13, 1.5, Number.NaN])('rejects month %p', (month) => {
    expect(() => daysInMonth(2024, month)).toThrow(RangeError);
  });
});

describe('isValidCalendarDate', () => {
  it.each([
    [2001, 2, 29, false],
    [2000, 2, 29, true],
    [2024, 4, 31, false],
    [2024, 12, 31, true],
    [2024, 13, 1, false],
    [2024, 0, 10, false],
    [2024, 1, 0, false],
    [2024, 1, 1.5, false],
  ])('%i-%i-%p → %s', (y, m, d, expected) => {
    expect(isValidCalendarDate(y, m, d)).toBe(expected);
  });
});

describe('compareCalendarDates and formatCalendarDate', () => {
  it('orders by year, then month, then day', () => {
    const a = { year: 1990, month: 12, day: 31 };
    const b = { year: 1991, month: 1, day: 1 };
    expect(compareCalendarDates(a, b)).toBeLessThan(0);
    expect(compareCalendarDates(b, a)).toBeGreaterThan(0);
    expect(compareCalendarDates(a, { ...a })).toBe(0);
    expect(
      compareCalendarDates({ year: 1990, month: 2, day: 1 }, { year: 1990, month: 1, day: 31 }),
    ).toBeGreaterThan(0);
  });

  it('formats zero-padded YYYY-MM-DD', () => {
    expect(formatCalendarDate({ year: 1924, month: 1, day: 5 })).toBe('1924-01-05');
    expect(formatCalendarDate({ year: 999, month: 10, day: 15 })).toBe('0999-10-15');
  });
});

describe('today helpers', () => {
  it('localCalendarDate reads the local fields of the given Date', () => {
    const instant = new Date(2024, 1, 10, 0, 30); // local midnight-ish on 2024-02-10
    expect(localCalendarDate(instant)).toEqual({ year: 2024, month: 2, day: 10 });
    expect(() => localCalendarDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('calendarDateInTimeZone gives the date on the wall calendar of that zone', () => {
    const instant = new Date('2024-02-09T20:00:00Z');
    expect(calendarDateInTimeZone(instant, 'UTC')).toEqual({ year: 2024, month: 2, day: 9 });
    expect(calendarDateInTimeZone(instant, 'Asia/Shanghai')).toEqual({ year: 2024, month: 2, day: 10 });
    expect(calendarDateInTimeZone(instant, 'America/Los_Angeles')).toEqual({ year: 2024, month: 2, day: 9 });
    expect(calendarDateInTimeZone(new Date('2050-12-31T10:30:00Z'), 'Pacific/Kiritimati')).toEqual({
      year: 2051,
      month: 1,
      day: 1,
    });
    expect(() => calendarDateInTimeZone(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});
