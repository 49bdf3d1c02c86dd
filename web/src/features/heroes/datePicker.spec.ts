import { describe, expect, it } from '@jest/globals';
import {
  clampDay,
  dayOptions,
  EMPTY_DATE,
  formatBirthdate,
  toBirthdate,
  withDay,
  withMonth,
  withYear,
  yearOptions,
} from './datePicker';

describe('date picker', () => {
  it('offers the current year and the 99 before it, newest first', () => {
    const years = yearOptions(2026);
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2026);
    expect(years[99]).toBe(1927);
    expect(new Set(years).size).toBe(100);
  });

  it('offers the days of the chosen month, leap years included', () => {
    expect(dayOptions(1, 2023)).toHaveLength(31);
    expect(dayOptions(4, 2023)).toHaveLength(30);
    expect(dayOptions(2, 2023)).toHaveLength(28);
    expect(dayOptions(2, 2024)).toHaveLength(29);
    expect(dayOptions(2, 2000)).toHaveLength(29);
    expect(dayOptions(2, 1900)).toHaveLength(28);
    expect(dayOptions(2, 2024)[0]).toBe(1);
    expect(dayOptions(2, 2024).at(-1)).toBe(29);
  });

  it('offers every day before month and year are chosen, so the day can be picked first', () => {
    expect(dayOptions(null, null)).toHaveLength(31);
    expect(dayOptions(null, 1990)).toHaveLength(31);
    // The month's longest length until the year is known: February may still be a leap one.
    expect(dayOptions(2, null)).toHaveLength(29);
    expect(dayOptions(4, null)).toHaveLength(30);
    expect(withDay(EMPTY_DATE, 31)).toEqual({ month: null, day: 31, year: null });
  });

  it('clamps a day chosen first once the month and then the year are chosen', () => {
    let parts = withMonth(withDay(EMPTY_DATE, 31), 2);
    expect(parts).toEqual({ month: 2, day: 29, year: null });
    parts = withYear(parts, 2023);
    expect(parts).toEqual({ month: 2, day: 28, year: 2023 });
  });

  it('clamps an out-of-range day to the last day when the month or year changes', () => {
    let parts = withDay(withYear(withMonth(EMPTY_DATE, 1), 2024), 31);
    expect(parts).toEqual({ month: 1, day: 31, year: 2024 });
    parts = withMonth(parts, 2);
    expect(parts.day).toBe(29);
    parts = withYear(parts, 2023);
    expect(parts.day).toBe(28);
    parts = withMonth(parts, 4);
    expect(parts.day).toBe(28);
    expect(withMonth({ month: 3, day: 31, year: 2023 }, 6).day).toBe(30);
    // A day that fits stays; clearing the month keeps the day for later.
    expect(withMonth({ month: 3, day: 15, year: 2023 }, 2).day).toBe(15);
    expect(clampDay({ month: null, day: 31, year: 2023 })).toEqual({ month: null, day: 31, year: 2023 });
    expect(clampDay({ month: 4, day: 31, year: null })).toEqual({ month: 4, day: 30, year: null });
  });

  it('builds YYYY-MM-DD once complete and formats it for people', () => {
    expect(toBirthdate({ month: 3, day: 5, year: 1990 })).toBe('1990-03-05');
    expect(toBirthdate({ month: 3, day: null, year: 1990 })).toBeNull();
    expect(formatBirthdate('1990-03-05')).toBe('March 5, 1990');
    expect(formatBirthdate('2000-12-31')).toBe('December 31, 2000');
    expect(formatBirthdate('not a date')).toBe('not a date');
  });
});
