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

/** Days of the chosen month in the chosen year (leap years included); none until both are set. */
export function dayOptions(month: number | null, year: number | null): number[] {
  if (month === null || year === null) return [];
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1);
}

/** The day select stays disabled until month and year are chosen. */
export function isDayEnabled(parts: DateParts): boolean {
  return parts.month !== null && parts.year !== null;
}

/** An out-of-range day becomes the last day of the month; a day without month and year is kept. */
export function clampDay(parts: DateParts): DateParts {
  if (parts.day === null || parts.month === null || parts.year === null) return parts;
  const last = daysInMonth(parts.year, parts.month);
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
