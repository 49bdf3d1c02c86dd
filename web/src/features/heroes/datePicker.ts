/**
 * The wizard's month / day / year dropdowns (Date picker). Pure: "today" is passed in.
 */
import { daysInMonth, formatCalendarDate, MONTH_NAMES, type CalendarDate } from '@starborn/zodiac';

export { MONTH_NAMES };

/** The year list holds 100 years. */
export const YEAR_COUNT = 100;

/** A partly filled picker: each part is null until chosen. Month is 1–12. */
export interface DateParts {
  month: number | null;
  day: number | null;
  year: number | null;
}

export const EMPTY_DATE: DateParts = { month: null, day: null, year: null };

/** The current year and the 99 before it, newest first. */
export function yearOptions(currentYear: number): number[] {
  return Array.from({ length: YEAR_COUNT }, (_, i) => currentYear - i);
}

/** A leap year: the most days any month can have when the year is not chosen yet. */
const ANY_LEAP_YEAR = 2000;

/**
 * The most days the chosen parts allow: 31 before the month is chosen, the month's longest length
 * (29 for February) before the year is, then the exact length.
 */
export function maxDay(month: number | null, year: number | null): number {
  if (month === null) return 31;
  return daysInMonth(year ?? ANY_LEAP_YEAR, month);
}

/**
 * The day select's options. The day can be chosen first (keyboard users reach it in order): 1–31
 * before the month is chosen, narrowed to the month (leap years included) once month and year are.
 */
export function dayOptions(month: number | null, year: number | null): number[] {
  return Array.from({ length: maxDay(month, year) }, (_, i) => i + 1);
}

/** An out-of-range day becomes the last day the chosen month (and year) allow. */
export function clampDay(parts: DateParts): DateParts {
  if (parts.day === null) return parts;
  const last = maxDay(parts.month, parts.year);
  return parts.day > last ? { ...parts, day: last } : parts;
}

export function withMonth(parts: DateParts, month: number | null): DateParts {
  return clampDay({ ...parts, month });
}

export function withYear(parts: DateParts, year: number | null): DateParts {
  return clampDay({ ...parts, year });
}

export function withDay(parts: DateParts, day: number | null): DateParts {
  return { ...parts, day };
}

export function isComplete(parts: DateParts): parts is CalendarDate {
  return parts.month !== null && parts.day !== null && parts.year !== null;
}

/** 'YYYY-MM-DD' once all three parts are chosen, else null. */
export function toBirthdate(parts: DateParts): string | null {
  return isComplete(parts) ? formatCalendarDate(parts) : null;
}

/** 'March 5, 1990' for a 'YYYY-MM-DD' birth date, without going through Date or a time zone. */
export function formatBirthdate(birthdate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match) return birthdate;
  const month = MONTH_NAMES[Number(match[2]) - 1];
  return month ? `${month} ${Number(match[3])}, ${match[1]}` : birthdate;
}
