import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/**
 * Real names and words the English dataset would refuse, Scunthorpe-style: places, family names,
 * characters of books and a medieval weapon fantasy stories speak of. The library applies them as
 * whitelisted terms: only a match inside one of these exact words is let through.
 */
const ALLOWED_TERMS = [
  'penistone',
  'dickinson',
  'dickon',
  'fagin',
  'fukuda',
  'fukushima',
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
 * Three or more single characters, each set apart by spaces or punctuation ("f u c k", "s.h.i.t",
 * "F*U*C*K"): writing a word letter by letter, which the library does not undo by itself (skipping
 * every separator would read "the pen is" as one word).
 */
const SPELLED_OUT =
  /(?<![\p{L}\p{N}])[^\s.*_~·|/\\+-](?:[\s.*_~·|/\\+-]+[^\s.*_~·|/\\+-](?![\p{L}\p{N}])){2,}/gu;
const SEPARATORS = /[\s.*_~·|/\\+-]+/gu;

/** The text with every letter-by-letter spelling written as one word. */
export function joinSpelledOutWords(text: string): string {
  return text.replace(SPELLED_OUT, (run) => run.replace(SEPARATORS, ''));
}

/** A number standing on its own ("455", "717", "2026"): a number, not leetspeak ("ass", "tit"). */
const NUMBER = /(?<![\p{L}\p{N}])\p{N}+(?![\p{L}\p{N}])/gu;

const refusedWords = (text: string) =>
  matcher.hasMatch(text.replace(NUMBER, (digits) => ' '.repeat(digits.length)));

/**
 * Whether the text holds language the product refuses: profanity and slurs of the English dataset of
 * the `obscenity` library, also when disguised by leetspeak ("sh1t"), repeated letters ("fuuuck"),
 * look-alike Unicode ("fμck", "ƒuck") or letters spelled apart ("f u c k").
 */
export function isRefusedLanguage(text: string): boolean {
  if (refusedWords(text)) return true;
  const joined = joinSpelledOutWords(text);
  return joined !== text && refusedWords(joined);
}
