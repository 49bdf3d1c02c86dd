/**
 * "a" or "an" by how the next word sounds, not how it is spelled: "an Aquarius", "an Aries", "an Ox",
 * "an earth-aligned", "a Leo", "a Yang Water year", "a unicorn", "a one-eyed", "a European", "an hour".
 * Signs, animals and elements come before "hero" and "year" in generated and displayed text, so every
 * place that writes an article before a word it does not know in advance asks here.
 */

/** Spelled with a vowel, said with a consonant: "one", "uni…", "use…", "eu…", "ewe". */
const CONSONANT_SOUND = /^(?:one(?![a-z])|once|uni|unanim|u[bcfgklprstvz][aeiouy]|eu|ewe)/i;
/** Spelled with a consonant, said with a vowel: a silent h, and numbers said "eight", "eleven", "eighteen". */
const VOWEL_SOUND = /^(?:hour|honest|honou?r|heir|8|1[18](?!\d))/i;

export function indefiniteArticle(word: string): 'a' | 'an' {
  // Markup and quotes before the word ('**Aries**', '"Ox"') do not change how it sounds.
  const spoken = word.trim().replace(/^[^\p{L}\p{N}]+/u, '');
  if (VOWEL_SOUND.test(spoken)) return 'an';
  if (CONSONANT_SOUND.test(spoken)) return 'a';
  return /^[aeiou]/i.test(spoken) ? 'an' : 'a';
}

/** The phrase with its article: withIndefiniteArticle('Aquarius hero') is 'an Aquarius hero'. */
export function withIndefiniteArticle(phrase: string): string {
  return `${indefiniteArticle(phrase)} ${phrase}`;
}
