import confusables from 'unhomoglyph/data.json' with { type: 'json' };

/**
 * How the filter reads a text before matching: the letters a reader sees, whatever code points draw
 * them. Only ever used for matching; the text stored and shown is the one the user wrote.
 */

/** Unicode's confusables (TR39 prototypes), one code point to its prototype string. */
const PROTOTYPES: ReadonlyMap<string, string> = new Map(
  Object.entries(confusables as Record<string, string>),
);

/**
 * Latin letters outside ASCII that read as one ASCII letter: small capitals (which the confusables
 * data maps to themselves or to another small capital, e.g. Cyrillic т → ᴛ) and a few prototypes
 * the data ends on (ĸ, ʍ, ᴎ).
 */
const LATIN_READING: ReadonlyMap<string, string> = new Map(
  Object.entries({
    ᴀ: 'a',
    ʙ: 'b',
    ᴄ: 'c',
    ᴅ: 'd',
    ᴇ: 'e',
    ꜰ: 'f',
    ɢ: 'g',
    ʜ: 'h',
    ɪ: 'i',
    ı: 'i',
    ᴊ: 'j',
    ȷ: 'j',
    ᴋ: 'k',
    ĸ: 'k',
    ʟ: 'l',
    ᴍ: 'm',
    ʍ: 'm',
    ɴ: 'n',
    ᴎ: 'n',
    ᴏ: 'o',
    ᴘ: 'p',
    ǫ: 'q',
    ʀ: 'r',
    ꜱ: 's',
    ᴛ: 't',
    ᴜ: 'u',
    ᴠ: 'v',
    ᴡ: 'w',
    ʏ: 'y',
    ᴢ: 'z',
    ɑ: 'a',
    ɡ: 'g',
  }),
);

/**
 * Code points that draw nothing: default-ignorable ones (soft hyphen, word joiner, variation
 * selectors, U+034F, the Hangul fillers, zero-width and bidi controls) and other format controls.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** Combining marks (accents, overlays such as U+0336, enclosing marks), read after decomposition. */
const MARKS = /\p{M}/gu;
/** Characters that change the display order: a reader may see this text backwards. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
const NON_ASCII = /[^\p{ASCII}]/gu;

const readAsLatin = (char: string): string => {
  const latin = LATIN_READING.get(char);
  if (latin) return latin;
  const prototype = PROTOTYPES.get(char);
  if (prototype === undefined) return char;
  // A prototype may itself be a small capital (т → ᴛ) or carry a mark (ƒ → f̦, removed below).
  let read = '';
  for (const part of prototype) read += LATIN_READING.get(part) ?? part;
  return read;
};

/**
 * The letters a reader sees: compatibility forms folded (NFKC: fullwidth, mathematical script and
 * fraktur, circled and superscript letters, ligatures, ſ), invisible code points dropped, every
 * non-ASCII look-alike read as its Latin prototype (confusables data, small capitals), then every
 * combining mark dropped (overlays like U+0336, and accents: "fück" reads "fuck"). ASCII is never
 * remapped: leetspeak and case are the matcher's business, and the confusables data would read "m"
 * as "rn" or "0" as "O".
 */
export function visibleLetters(text: string): string {
  const folded = text.normalize('NFKC').replace(INVISIBLE, '');
  return folded.replace(NON_ASCII, readAsLatin).normalize('NFD').replace(MARKS, '');
}

/** The text read from its end: what a right-to-left override shows. */
export const reversed = (text: string): string => [...text].reverse().join('');
