/**
 * Plain calendar dates (year, month, day) with no time and no time zone.
 *
 * Birth dates are calendar facts, not instants: '1990-02-27' is the same day everywhere. Nothing in
 * this library goes through `Date` parsing or time-zone conversion for a birth date, so a birth on
 * lunar new year day is the new animal in every time zone.
 */

/** A Gregorian calendar date. `month` is 1–12 and `day` is 1–31. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Gregorian leap year rule: every 4th year, except centuries not divisible by 400. */
export function isLeapYear(year: number): boolean {
  if (!Number.isInteger(year)) throw new RangeError(`Year must be an integer, got ${String(year)}.`);
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Number of days in `month` (1–12) of `year`, e.g. daysInMonth(2024, 2) === 29. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Month must be an integer from 1 to 12, got ${String(month)}.`);
  }
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** True when the three integers name a day that exists in the Gregorian calendar. */
export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Negative when a is earlier than b, 0 when the same day, positive when later. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** 'YYYY-MM-DD' (years below 1000 are zero-padded to four digits). */
export function formatCalendarDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/**
 * The calendar date a `Date` instant falls on in the runtime's local time zone (browser: the
 * user's). Use it to build the `today` argument on the client: `localCalendarDate(new Date())`.
 */
export function localCalendarDate(instant: Date): CalendarDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid Date.');
  return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() };
}

/**
 * The calendar date an instant falls on in an IANA time zone such as 'Asia/Shanghai' (uses
 * `Intl`, available in browsers and Node). Lets a server compute the user's "today".
 */
export function calendarDateInTimeZone(instant: Date, timeZone: string): CalendarDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid Date.');
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    calendar: 'gregory',
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const year = get('year');
  return { year, month: get('month'), day: get('day') };
}

/** The months' English names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
