export { isRefusedLanguage, joinSpelledOutWords } from './content-filter.js';
