import {
  compareCalendarDates,
  formatCalendarDate,
  isValidCalendarDate,
  type CalendarDate,
} from './calendar.js';

/** A birth date as a 'YYYY-MM-DD' string or as calendar fields (month 1–12). */
export type BirthdateInput = string | CalendarDate;

/** Why a birth date was refused. */
export type ZodiacDateErrorReason =
  /** Not a 'YYYY-MM-DD' string nor an object of integer year/month/day. */
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

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isIntegerField(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * Reads a 'YYYY-MM-DD' string (surrounding whitespace ignored) or a `{ year, month, day }` object
 * of integers and checks the day exists. No range check. Anything else, including a `Date` and an
 * ISO date-time string, is 'malformed': a time or a time zone would make the calendar day ambiguous.
 */
export function parseCalendarDate(input: unknown): CalendarDate {
  let fields: CalendarDate;
  if (typeof input === 'string') {
    const match = ISO_DATE.exec(input.trim());
    if (!match) throw new ZodiacDateError('malformed', BIRTHDATE_MESSAGES.malformed, input);
    fields = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  } else if (typeof input === 'object' && input !== null && !(input instanceof Date)) {
    const { year, month, day } = input as Record<string, unknown>;
    if (!isIntegerField(year) || !isIntegerField(month) || !isIntegerField(day)) {
      throw new ZodiacDateError('malformed', BIRTHDATE_MESSAGES.malformed, input);
    }
    fields = { year, month, day };
  } else {
    throw new ZodiacDateError('malformed', BIRTHDATE_MESSAGES.malformed, input);
  }
  if (!isValidCalendarDate(fields.year, fields.month, fields.day)) {
    throw new ZodiacDateError(
      'invalid-date',
      BIRTHDATE_MESSAGES.invalidDate(formatCalendarDate(fields)),
      input,
    );
  }
  return fields;
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
