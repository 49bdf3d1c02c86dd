/**
 * The small template grammar behind the local writer's backstories and chapters.
 *
 * Template syntax: `{key}` is a story constant (the same everywhere in one story), `<rule>` expands
 * a grammar rule afresh on every use, `[a|b|c]` picks one alternative inline. Rules and
 * alternatives may nest.
 */
import { indefiniteArticle } from '@starborn/zodiac';
import type { Rng } from '../prng.js';

export type Ctx = Record<string, string>;
export type Rules = Record<string, readonly string[]>;

export const lowerFirst = (s: string) =>
  /^[A-Z][a-z]/.test(s) && !/^I\b/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
export const upperFirst = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Sign-data phrases are written about the sign ("its shell", "itself"); tell them about the hero. */
export function aboutHero(phrase: string): string {
  return lowerFirst(
    phrase
      .trim()
      .replace(/\bitself\b/g, 'themselves')
      .replace(/\bits\b/g, 'their'),
  );
}

/** Words of a markdown text: markup characters are ignored, anything with a letter or digit counts. */
export function countWords(text: string): number {
  return text
    .replace(/[#>*_]/g, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

export function expand(template: string, ctx: Ctx, rules: Rules, rng: Rng, depth = 0): string {
  if (depth > 12) throw new Error(`Grammar recursion too deep at: ${template}`);
  let out = template;
  // Innermost [a|b] first, repeatedly.
  for (let guard = 0; guard < 200 && out.includes('['); guard++) {
    const next = out.replace(/\[([^[\]]*)\]/, (_, body: string) => rng.pick(body.split('|')));
    if (next === out) break;
    out = next;
  }
  out = out.replace(/<([a-zA-Z0-9]+)>/g, (_, rule: string) => {
    const options = rules[rule];
    if (!options) throw new Error(`Unknown grammar rule <${rule}>`);
    return expand(rng.pick(options), ctx, rules, rng, depth + 1);
  });
  out = out.replace(/\{([a-zA-Z0-9]+)\}/g, (_, key: string) => {
    const v = ctx[key];
    if (v === undefined) throw new Error(`Unknown grammar key {${key}}`);
    return v;
  });
  // Keys are substituted last and never re-expanded, so a hero name is always taken literally.
  return out;
}

/** Spacing, a/an and lower-case sentence starts, shared by both tidiers below. */
function tidyText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s([,.;:!?])/g, '$1')
    .trim()
    .replace(
      /\b([Aa])n? (?=(\S+))/g,
      (_, a: string, word: string) => `${a}${indefiniteArticle(word).slice(1)} `,
    )
    .replace(/([.!?]) ([a-z])/g, (_, stop: string, c: string) => `${stop} ${c.toUpperCase()}`);
}

/** Cleans one backstory sentence: spacing, a/an, capitalised sentence starts. */
export function tidySentence(sentence: string): string {
  const s = tidyText(sentence);
  if (s.startsWith('> ')) return `> ${upperFirst(s.slice(2))}`;
  if (s.startsWith('**')) return s;
  return upperFirst(s);
}

/**
 * Cleans one paragraph of prose with dialogue: as tidySentence, and also capitalises the first
 * word inside an opening quotation mark that starts a sentence or the paragraph.
 */
export function tidyParagraph(paragraph: string): string {
  const s = tidyText(paragraph)
    .replace(/([.!?]) "([a-z])/g, (_, stop: string, c: string) => `${stop} "${c.toUpperCase()}`)
    .replace(/^(\*?"?)([a-z])/, (_, lead: string, c: string) => `${lead}${c.toUpperCase()}`);
  return s;
}
