export {
  type CalendarDate,
  isLeapYear,
  daysInMonth,
  isValidCalendarDate,
  compareCalendarDates,
  formatCalendarDate,
  localCalendarDate,
  calendarDateInTimeZone,
  MONTH_NAMES,
} from './calendar.js';
export {
  type BirthdateInput,
  type ZodiacDateErrorReason,
  ZodiacDateError,
  MIN_BIRTHDATE,
  MAX_BIRTHDATE,
  BIRTHDATE_MESSAGES,
  UTC_INSTANT_NEXT_DAY_FROM_HOUR,
  parseCalendarDate,
  parseBirthdate,
  validateBirthdate,
} from './birthdate.js';
export {
  type WesternSignName,
  type WesternElement,
  type MonthDay,
  type WesternSignInfo,
  type WesternZodiac,
  WESTERN_SIGNS,
  westernSignInfo,
  westernSignOf,
  westernZodiacFor,
} from './western.js';
export {
  type ChineseAnimal,
  type Polarity,
  type FivePhase,
  type ChineseElement,
  type ChineseAnimalInfo,
  type ChineseZodiac,
  FIRST_LUNAR_YEAR,
  LAST_LUNAR_YEAR,
  CHINESE_ANIMAL_NAMES,
  CHINESE_ANIMALS,
  animalOfChineseYear,
  elementOfChineseYear,
  lunarNewYear,
  chineseYearOf,
  chineseAnimalInfo,
  chineseZodiacFor,
} from './chinese.js';
export { type ZodiacResult, type ZodiacOptions, zodiacFor } from './zodiac.js';
export { indefiniteArticle, withIndefiniteArticle } from './article.js';
export { type HeroSigns, heroDescription, sharedHeroPreview, influenceTraits } from './hero-text.js';
