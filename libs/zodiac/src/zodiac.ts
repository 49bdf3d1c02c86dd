import { parseBirthdate, type BirthdateInput } from './birthdate.js';
import { chineseZodiacFor, type ChineseZodiac } from './chinese.js';
import { westernZodiacFor, type WesternZodiac } from './western.js';

export interface ZodiacResult {
  western: WesternZodiac;
  chinese: ChineseZodiac;
}

export interface ZodiacOptions {
  /** The user's current calendar date; when given, later birth dates are refused as 'future'. */
  today?: BirthdateInput;
}

/**
 * Western sign and Chinese animal for a birth date from 1924-01-01 to 2050-12-31, as a
 * 'YYYY-MM-DD' string or `{ year, month, day }`. Throws ZodiacDateError for malformed, impossible,
 * out-of-range or (with `options.today`) future dates. Pure: reads no clock and no time zone.
 */
export function zodiacFor(birthdate: BirthdateInput, options: ZodiacOptions = {}): ZodiacResult {
  const date = parseBirthdate(birthdate, options.today);
  return { western: westernZodiacFor(date), chinese: chineseZodiacFor(date) };
}
