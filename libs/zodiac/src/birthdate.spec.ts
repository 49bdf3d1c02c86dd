import {
  BIRTHDATE_MESSAGES,
  formatCalendarDate,
  MAX_BIRTHDATE,
  MIN_BIRTHDATE,
  ZodiacDateError,
  parseBirthdate,
  parseCalendarDate,
  validateBirthdate,
  zodiacFor,
  type ZodiacDateErrorReason,
} from './index.js';

const TODAY = '2025-06-15';

function refusal(run: () => unknown): { reason: ZodiacDateErrorReason; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ZodiacDateError);
    expect(error).toBeInstanceOf(Error);
    const e = error as ZodiacDateError;
    expect(e.name).toBe('ZodiacDateError');
    return { reason: e.reason, message: e.message };
  }
  throw new Error('expected a ZodiacDateError');
}

describe('refusals', () => {
  it.each<[unknown, ZodiacDateErrorReason, string]>([
    ['', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['not a date', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['1990/05/12', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['12-05-1990', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['1990-5-12', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['1990-05-12T24:00:00Z', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['1990-05-12T10:60Z', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['1990-05-12T00:00:00+25:00', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['1990-05-12T00:00:00 Z', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['1990-05-12T', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['2001-02-29T00:00:00.000Z', 'invalid-date', '2001-02-29 is not a real calendar date.'],
    ['1990-04-31T12:00:00+02:00', 'invalid-date', '1990-04-31 is not a real calendar date.'],
    ['+1990-05-12', 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    [null, 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    [undefined, 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    [19900512, 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    [new Date('1990-05-12'), 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    [{ year: 1990, month: 5 }, 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    [{ year: '1990', month: 5, day: 12 }, 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    [{ year: 1990, month: 5.5, day: 12 }, 'malformed', 'Please enter a valid birth date (YYYY-MM-DD).'],
    ['2001-02-29', 'invalid-date', '2001-02-29 is not a real calendar date.'],
    ['1990-13-01', 'invalid-date', '1990-13-01 is not a real calendar date.'],
    ['1990-00-10', 'invalid-date', '1990-00-10 is not a real calendar date.'],
    ['1990-04-31', 'invalid-date', '1990-04-31 is not a real calendar date.'],
    ['1990-01-00', 'invalid-date', '1990-01-00 is not a real calendar date.'],
    [{ year: 2001, month: 2, day: 29 }, 'invalid-date', '2001-02-29 is not a real calendar date.'],
    ['1923-12-31', 'out-of-range', 'Birth dates from 1924-01-01 to 2050-12-31 are supported.'],
    ['2051-01-01', 'out-of-range', 'Birth dates from 1924-01-01 to 2050-12-31 are supported.'],
    ['0001-01-01', 'out-of-range', 'Birth dates from 1924-01-01 to 2050-12-31 are supported.'],
    [
      { year: 1800, month: 1, day: 1 },
      'out-of-range',
      'Birth dates from 1924-01-01 to 2050-12-31 are supported.',
    ],
    ['2025-06-16', 'future', 'The birth date cannot be in the future.'],
    ['2050-12-31', 'future', 'The birth date cannot be in the future.'],
  ])('%p → %s', (input, reason, message) => {
    expect(refusal(() => zodiacFor(input as never, { today: TODAY }))).toEqual({ reason, message });
    expect(validateBirthdate(input, TODAY)).toBe(message);
  });

  it('keeps the offending input on the error', () => {
    try {
      zodiacFor('2001-02-29');
    } catch (error) {
      expect((error as ZodiacDateError).input).toBe('2001-02-29');
    }
    expect.assertions(1);
  });

  it('accepts 2000-02-29 (a leap day) and the first and last supported days', () => {
    expect(validateBirthdate('2000-02-29', TODAY)).toBeNull();
    expect(validateBirthdate('1924-01-01', TODAY)).toBeNull();
    expect(validateBirthdate('2050-12-31', '2050-12-31')).toBeNull();
    expect(validateBirthdate(MIN_BIRTHDATE, TODAY)).toBeNull();
    expect(validateBirthdate(MAX_BIRTHDATE, MAX_BIRTHDATE)).toBeNull();
  });

  it('ignores surrounding whitespace in strings', () => {
    expect(parseCalendarDate(' 1990-05-12 ')).toEqual({ year: 1990, month: 5, day: 12 });
  });
});

describe('ISO 8601 date-times (clients that send Date.toISOString())', () => {
  const date = (text: string) => formatCalendarDate(parseCalendarDate(text));
  /** What Date.toISOString() sends for the local midnight of `day` at `offsetHours`. */
  const localMidnightAsUtc = (day: string, offsetHours: number) =>
    new Date(Date.parse(`${day}T00:00:00.000Z`) - offsetHours * 3_600_000).toISOString();

  it('reads UTC midnight and the Warsaw example as the picked date', () => {
    expect(date('1990-05-15T00:00:00.000Z')).toBe('1990-05-15');
    expect(localMidnightAsUtc('1990-05-15', 2)).toBe('1990-05-14T22:00:00.000Z');
    expect(date('1990-05-14T22:00:00.000Z')).toBe('1990-05-15');
  });

  it.each([-10, -9.5, -8, -5, -3, 0, 1, 2, 3, 5.5, 5.75, 8, 9, 10, 12, 12.75, 13])(
    'reads the local midnight of the picked date at UTC%+d as that date',
    (offset) => {
      for (const day of ['1990-05-15', '2000-01-01', '1999-12-31', '2000-02-29', '2024-03-01']) {
        expect(date(localMidnightAsUtc(day, offset))).toBe(day);
      }
    },
  );

  it('puts the cut at 11:00 UTC: 10:59:59.999 is that day, 11:00 the next', () => {
    expect(date('1990-05-15T10:59:59.999Z')).toBe('1990-05-15');
    expect(date('1990-05-15T11:00:00.000Z')).toBe('1990-05-16');
    expect(date('1999-12-31T11:00:00Z')).toBe('2000-01-01');
    expect(date('2000-02-28T13:00:00Z')).toBe('2000-02-29');
    expect(date('2001-02-28T13:00:00Z')).toBe('2001-03-01');
  });

  it('cannot tell −11/−12 from +13/+14 in a bare UTC instant: the same instant is both', () => {
    // 1990-05-15T11:00Z is the local midnight of 15 May at −11 and of 16 May at +13.
    expect(localMidnightAsUtc('1990-05-15', -11)).toBe(localMidnightAsUtc('1990-05-16', 13));
    expect(date(localMidnightAsUtc('1990-05-16', 13))).toBe('1990-05-16');
  });

  it('reads an explicit offset as the local date written, at both ends (−12:00 and +14:00)', () => {
    for (const written of [
      '1990-05-15T00:00:00+14:00',
      '1990-05-15T00:00:00.000-12:00',
      '1990-05-15T23:59:59-12:00',
      '1990-05-15T23:59+1400',
      '1990-05-15T00:00:00+00:00',
      '1990-05-15T18:30:00+05:30',
      '1990-05-15T12:00',
    ])
      expect(date(written)).toBe('1990-05-15');
  });

  it('gives the zodiac of the picked date (Warsaw, 14 May 22:00 UTC is Taurus 15 May)', () => {
    expect(zodiacFor('1990-05-14T22:00:00.000Z').western.sign).toBe('Taurus');
    // 20 May 1990 (Taurus' last day) picked in Auckland's summer time, +13 → not Gemini.
    expect(zodiacFor(localMidnightAsUtc('1990-05-20', 13)).western.sign).toBe('Taurus');
    expect(zodiacFor(localMidnightAsUtc('1990-05-21', -10)).western.sign).toBe('Gemini');
  });

  it('checks range and future on the date read', () => {
    expect(validateBirthdate('1923-12-31T10:00:00Z', TODAY)).toBe(BIRTHDATE_MESSAGES.outOfRange);
    expect(validateBirthdate('1923-12-31T11:00:00Z', TODAY)).toBeNull();
    expect(validateBirthdate('2025-06-15T10:00:00Z', '2025-06-15')).toBeNull();
    expect(validateBirthdate('2025-06-15T11:00:00Z', '2025-06-15')).toBe(BIRTHDATE_MESSAGES.future);
  });
});

describe('future check with an injected today', () => {
  it('accepts today itself and refuses tomorrow, across month and year ends', () => {
    expect(validateBirthdate('2025-06-15', '2025-06-15')).toBeNull();
    expect(validateBirthdate('2025-06-16', '2025-06-15')).toBe(BIRTHDATE_MESSAGES.future);
    expect(validateBirthdate('2025-01-01', { year: 2024, month: 12, day: 31 })).toBe(
      BIRTHDATE_MESSAGES.future,
    );
    expect(validateBirthdate('2024-12-31', { year: 2024, month: 12, day: 31 })).toBeNull();
    expect(validateBirthdate('2024-03-01', '2024-02-29')).toBe(BIRTHDATE_MESSAGES.future);
  });

  it('is skipped by zodiacFor and parseBirthdate when no today is given (no hidden clock)', () => {
    expect(zodiacFor('2050-12-31').chinese.sign).toBe('Horse');
    expect(parseBirthdate('2049-06-01')).toEqual({ year: 2049, month: 6, day: 1 });
    expect(() => parseBirthdate('2049-06-01', '2030-01-01')).toThrow(BIRTHDATE_MESSAGES.future);
  });

  it('treats an invalid today as a programming error', () => {
    expect(() => validateBirthdate('1990-01-01', 'yesterday')).toThrow(TypeError);
    expect(() => validateBirthdate('1990-01-01', '2025-02-30')).toThrow(TypeError);
    expect(() => zodiacFor('1990-01-01', { today: 'nope' })).toThrow(TypeError);
  });

  it('refuses an out-of-range date as out of range before judging it future', () => {
    expect(validateBirthdate('2051-01-01', '2025-01-01')).toBe(BIRTHDATE_MESSAGES.outOfRange);
  });
});
