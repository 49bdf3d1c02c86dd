import {
  compareCalendarDates,
  daysInMonth,
  formatCalendarDate,
  isValidCalendarDate,
  type CalendarDate,
} from './calendar.js';

/**
 * A birth date as a 'YYYY-MM-DD' string, an ISO 8601 date-time string (see parseCalendarDate), or
 * calendar fields (month 1–12).
 */
export type BirthdateInput = string | CalendarDate;

/** Why a birth date was refused. */
export type ZodiacDateErrorReason =
  /** Not a 'YYYY-MM-DD' (or ISO 8601 date-time) string nor an object of integer year/month/day. */
  | 'malformed'
  /** Well-formed but no such day, e.g. 2001-02-29 or 1990-13-01. */
  | 'invalid-date'
  /** A real date outside 1924-01-01 … 2050-12-31. */
  | 'out-of-range'
  /** After the injected "today". */
  | 'future';

/** First and last supported birth dates (inclusive). */
export const MIN_BIRTHDATE: CalendarDate = Object.freeze({ year: 1924, month: 1, day: 1 });
export const MAX_BIRTHDATE: CalendarDate = Object.freeze({ year: 2050, month: 12, day: 31 });

export const BIRTHDATE_MESSAGES = Object.freeze({
  malformed: 'Please enter a valid birth date (YYYY-MM-DD).',
  invalidDate: (text: string) => `${text} is not a real calendar date.`,
  outOfRange: `Birth dates from ${formatCalendarDate(MIN_BIRTHDATE)} to ${formatCalendarDate(MAX_BIRTHDATE)} are supported.`,
  future: 'The birth date cannot be in the future.',
});

/** Thrown when a birth date is refused; `message` is ready to show to the user. */
export class ZodiacDateError extends Error {
  override readonly name = 'ZodiacDateError';
  readonly reason: ZodiacDateErrorReason;
  /** The input as given. */
  readonly input: unknown;

  constructor(reason: ZodiacDateErrorReason, message: string, input: unknown) {
    super(message);
    this.reason = reason;
    this.input = input;
  }
}

/**
 * 'YYYY-MM-DD', or an ISO 8601 date-time: the date, 'T', hh:mm[:ss[.fraction]], then 'Z', an offset
 * ±hh[:mm], or nothing.
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(?:(Z)|[+-](\d{2})(?::?(\d{2}))?)?)?$/i;

/**
 * A UTC instant ('Z') is read as the local midnight of the date the person picked, which lies at
 * (date − offset). Counting from 13:00 UTC of the day before to 11:00 UTC of the date itself covers
 * every offset in (−11h, +13h]: New Zealand's summer time (+13) through Hawaii (−10). No single cut
 * can cover −12 … +14 (26 hours): 11:00 UTC is local midnight both at −11 and, a day later, at +13.
 */
export const UTC_INSTANT_NEXT_DAY_FROM_HOUR = 11;

function isIntegerField(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

function nextDay({ year, month, day }: CalendarDate): CalendarDate {
  if (day < daysInMonth(year, month)) return { year, month, day: day + 1 };
  if (month < 12) return { year, month: month + 1, day: 1 };
  return { year: year + 1, month: 1, day: 1 };
}

function malformed(input: unknown): ZodiacDateError {
  return new ZodiacDateError('malformed', BIRTHDATE_MESSAGES.malformed, input);
}

/** The calendar date a birth-date string names: 'YYYY-MM-DD' or an ISO 8601 date-time. */
function parseDateString(input: string): CalendarDate {
  const match = ISO_DATE.exec(input.trim());
  if (!match) throw malformed(input);
  const [, year, month, day, hour, minute, second, utc, offsetHours, offsetMinutes] = match;
  const fields = checked({ year: Number(year), month: Number(month), day: Number(day) }, input);
  if (hour === undefined) return fields;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) throw malformed(input);
  if (Number(offsetHours ?? 0) > 23 || Number(offsetMinutes ?? 0) > 59) throw malformed(input);
  // A 'Z' instant (what Date.toISOString() sends) is the picked date's local midnight somewhere:
  // round it to that date. A local time, with its offset or without one, names its own date.
  if (utc && Number(hour) >= UTC_INSTANT_NEXT_DAY_FROM_HOUR) return nextDay(fields);
  return fields;
}

function checked(fields: CalendarDate, input: unknown): CalendarDate {
  if (!isValidCalendarDate(fields.year, fields.month, fields.day)) {
    const message = BIRTHDATE_MESSAGES.invalidDate(formatCalendarDate(fields));
    throw new ZodiacDateError('invalid-date', message, input);
  }
  return fields;
}

/**
 * Reads a birth date and checks the day exists (no range check):
 * - 'YYYY-MM-DD' (surrounding whitespace ignored);
 * - an ISO 8601 date-time 'YYYY-MM-DDThh:mm[:ss[.sss]]' followed by:
 *   - an explicit offset (+14:00, -12:00, +00:00, ...) or none: the date as written, which is the
 *     person's local date;
 *   - 'Z': a UTC instant taken as the local midnight of the picked date; at or after 11:00 UTC it is
 *     the next day's (see UTC_INSTANT_NEXT_DAY_FROM_HOUR);
 * - a `{ year, month, day }` object of integers.
 * Anything else, including a `Date` object, is 'malformed'.
 */
export function parseCalendarDate(input: unknown): CalendarDate {
  if (typeof input === 'string') return parseDateString(input);
  if (typeof input === 'object' && input !== null && !(input instanceof Date)) {
    const { year, month, day } = input as Record<string, unknown>;
    if (!isIntegerField(year) || !isIntegerField(month) || !isIntegerField(day)) throw malformed(input);
    return checked({ year, month, day }, input);
  }
  throw malformed(input);
}

/**
 * Parses and checks a birth date: a real day within 1924-01-01 … 2050-12-31 and, when `today` is
 * given, not after it. Throws ZodiacDateError. `today` is a calendar date chosen by the caller
 * (e.g. `localCalendarDate(new Date())` in the browser); an invalid `today` is a programming error
 * and throws a TypeError.
 */
export function parseBirthdate(input: unknown, today?: BirthdateInput): CalendarDate {
  const date = parseCalendarDate(input);
  if (compareCalendarDates(date, MIN_BIRTHDATE) < 0 || compareCalendarDates(date, MAX_BIRTHDATE) > 0) {
    throw new ZodiacDateError('out-of-range', BIRTHDATE_MESSAGES.outOfRange, input);
  }
  if (today !== undefined && compareCalendarDates(date, parseToday(today)) > 0) {
    throw new ZodiacDateError('future', BIRTHDATE_MESSAGES.future, input);
  }
  return date;
}

function parseToday(today: BirthdateInput): CalendarDate {
  try {
    return parseCalendarDate(today);
  } catch {
    throw new TypeError(
      `"today" must be a valid calendar date (YYYY-MM-DD or {year, month, day}), got ${JSON.stringify(today)}.`,
    );
  }
}

/**
 * Non-throwing check for forms: the message to show, or null when the birth date is acceptable.
 * `today` (required) is the user's current calendar date.
 */
export function validateBirthdate(input: unknown, today: BirthdateInput): string | null {
  const today_ = parseToday(today);
  try {
    parseBirthdate(input, today_);
    return null;
  } catch (error) {
    if (error instanceof ZodiacDateError) return error.message;
    throw error;
  }
}
