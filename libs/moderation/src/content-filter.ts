import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { BIDI_CONTROLS, reversed, visibleLetters } from './normalise.js';

/**
 * Real names and words the English dataset would refuse, Scunthorpe-style: places, family names,
 * characters of books and a medieval weapon fantasy stories speak of. The library applies them as
 * whitelisted terms: only a match inside one of these exact words is let through.
 */
const ALLOWED_TERMS = [
  'penistone',
  'dickinson',
  'dickon',
  'dick grayson',
  'dick whittington',
  'dick turpin',
  'dick van dyke',
  'fagin',
  'fukuda',
  'fukushima',
  'fukuoka',
  'fuket', // Phuket as it sounds
  'shiitake',
  'semenov',
  'analise',
  'bastard sword',
];

const built = englishDataset.build();
const matcher = new RegExpMatcher({
  ...built,
  ...englishRecommendedTransformers,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...ALLOWED_TERMS],
});

/**
 * A character that may stand between the letters of a word spelled out: white space, punctuation and
 * symbols ("f u c k", "s.h.i.t", "f,u;c^k", "(f)(u)(c)(k)"), except those leetspeak reads as letters.
 */
const SEPARATOR = String.raw`(?:(?![$@!])[\s\p{P}\p{S}])`;
const LETTER = String.raw`(?:(?!${SEPARATOR}).)`;

/**
 * Three or more single characters, each set apart by separators: writing a word letter by letter,
 * which the library does not undo by itself (skipping every separator would read "the pen is" as
 * one word).
 */
const SPELLED_OUT = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${LETTER}(?:${SEPARATOR}+${LETTER}(?![\p{L}\p{N}])){2,}`,
  'gu',
);
const SEPARATORS = new RegExp(`${SEPARATOR}+`, 'gu');

/** The text with every letter-by-letter spelling written as one word. */
export function joinSpelledOutWords(text: string): string {
  return text.replace(SPELLED_OUT, (run) => run.replace(SEPARATORS, ''));
}

/**
 * The words of the text that sound like something else where spelling disguises a word: "ph" read as
 * "f" ("phuck"), "q" without "u" as "k" ("fuq"), and "v" between consonants as "u" ("fvck", "cvnt").
 * Only the words that change, so the matcher reads no text twice.
 */
export function soundsLike(text: string): string {
  const changed: string[] = [];
  for (const [word] of text.toLowerCase().matchAll(/\S+/g)) {
    const sound = word
      .replace(/ph/g, 'f')
      .replace(/q(?!u)/g, 'k')
      .replace(/(?<=[b-df-hj-np-tv-z])v(?=[b-df-hj-np-tv-z])/g, 'u');
    if (sound !== word) changed.push(sound);
  }
  return changed.join(', ');
}

/**
 * A word with letters hidden behind asterisks or hashes ("f**k", "c*nt", "a**hole"): each run of one
 * or two between letters. Underscores and digits around a mark do not count: "snake_case",
 * "user__name" and "7*7" hide no letter.
 */
const MASKED_WORD = /[\p{L}$@!]*\p{L}(?:[*#]{1,2}\p{L}[\p{L}$@!]*)+/gu;
const MASK = /[*#]/u;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
/** Hidden letters read at most per word: two letters are 676 readings. */
const MAX_HIDDEN_LETTERS = 2;
/**
 * Readings tried per text at most (a dozen words with two hidden letters each, a few milliseconds).
 * A text hiding more letters than that is refused rather than let through unread.
 */
export const MAX_MASKED_READINGS = 8192;

/** The words of the texts that hide letters, lower case, each once. */
function maskedWords(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    if (!MASK.test(text)) continue;
    for (const [word] of text.matchAll(MASKED_WORD)) words.add(word.toLowerCase());
  }
  return words;
}

/**
 * Each word with every hidden letter read as each letter a–z ("c*nt": "cant", "cent", … "cunt"), or
 * null when that is more than MAX_MASKED_READINGS. Words hiding more than two letters are left alone.
 */
export function maskedReadings(words: Iterable<string>): string[] | null {
  const readings: string[] = [];
  for (const word of words) {
    const hidden = [...word].filter((char) => MASK.test(char)).length;
    if (hidden > MAX_HIDDEN_LETTERS) continue;
    let spelled = [''];
    for (const char of word) {
      const next = MASK.test(char) ? [...ALPHABET] : [char];
      spelled = spelled.flatMap((start) => next.map((letter) => start + letter));
    }
    if (readings.length + spelled.length > MAX_MASKED_READINGS) return null;
    readings.push(...spelled);
  }
  return readings;
}

/** A number standing on its own ("455", "717", "2026"): a number, not leetspeak ("ass", "tit"). */
const NUMBER = /(?<![\p{L}\p{N}])\p{N}+(?![\p{L}\p{N}])/gu;

const refusedWords = (text: string) =>
  matcher.hasMatch(text.replace(NUMBER, (digits) => ' '.repeat(digits.length)));

/**
 * The ways a reader may read the text: as written, letters spelled out joined, and as it sounds;
 * each also backwards when bidi controls can show it backwards.
 */
function readingsOf(text: string): Set<string> {
  const letters = visibleLetters(text);
  const directions = BIDI_CONTROLS.test(text) ? [letters, reversed(letters)] : [letters];
  const readings = new Set<string>();
  for (const direction of directions) {
    const joined = joinSpelledOutWords(direction);
    for (const form of [direction, joined]) {
      readings.add(form);
      const sounds = soundsLike(form);
      if (sounds) readings.add(sounds);
    }
  }
  return readings;
}

/**
 * Whether the text holds language the product refuses: profanity and slurs of the English dataset of
 * the `obscenity` library, also when disguised: leetspeak ("sh1t"), repeated letters ("fuuuck"),
 * look-alike Unicode (Unicode's confusables, small capitals, mathematical letters), invisible or
 * overlay characters, letters spelled apart ("f u c k", "f,u;c^k"), text reversed by a bidi override,
 * spelling that sounds the same ("phuck") and hidden letters ("f**k", "c*nt").
 */
export function isRefusedLanguage(text: string): boolean {
  const readings = readingsOf(text);
  for (const reading of readings) if (refusedWords(reading)) return true;
  const masked = maskedReadings(maskedWords(readings));
  if (masked === null) return true;
  // One pass over all of them: no pattern of the dataset spans a comma.
  return masked.length > 0 && refusedWords(masked.join(', '));
}
