export {
  isRefusedLanguage,
  joinSpelledOutWords,
  maskedReadings,
  MAX_MASKED_READINGS,
  soundsLike,
} from './content-filter.js';
export { visibleLetters } from './normalise.js';
