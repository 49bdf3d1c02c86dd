import { createHash } from 'node:crypto';
import { indefiniteArticle, zodiacFor } from '@starborn/zodiac';
import { SCENE_BREAK } from '../chapter-format.js';
import { writeLocalChapter } from '../local/chapter.js';
import type { ChapterRequest, HeroProfile } from '../types.js';

/**
 * A new hero id for a test: distinct within a test file, and the same sequence on every run, so a
 * property checked over many heroes is checked over the same heroes each time and a failure replays.
 */
let heroCount = 0;
export const nextHeroId = () =>
  createHash('sha256').update(`starborn test hero ${++heroCount}`).digest('hex').slice(0, 32);

/** A real profile (from @starborn/zodiac) for a birth date. */
export function heroFor(birthdate: string, name = 'Aria', heroId = nextHeroId()): HeroProfile {
  const { western, chinese } = zodiacFor(birthdate);
  return {
    heroId,
    name,
    western: { ...western },
    chinese: {
      sign: chinese.sign,
      element: chinese.element,
      years: chinese.years,
      traits: chinese.traits,
      compatibility: chinese.compatibility,
    },
  };
}

/** A profile with little in it and an odd name (spaces, markup), which writers must still cope with. */
export function sparseHero(): HeroProfile {
  return {
    heroId: nextHeroId(),
    name: '  Ana   {sign} [x|y] ',
    western: { sign: 'Leo', dateRange: '', element: 'Fire', traits: [], strengths: [], weaknesses: [] },
    chinese: { sign: 'Dragon', element: 'Yang Wood', years: [], traits: [], compatibility: [] },
  };
}

let combos: Map<string, string> | undefined;

/** One birth date for each of the 12 × 12 (Western sign, Chinese animal) combinations. */
export function allSignCombinations(): { western: string; chinese: string; birthdate: string }[] {
  if (!combos) {
    combos = new Map();
    for (let year = 1960; year <= 1995 && combos.size < 144; year++) {
      for (let month = 1; month <= 12; month++) {
        for (const day of [3, 10, 17, 24]) {
          const birthdate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const z = zodiacFor(birthdate);
          const key = `${z.western.sign}|${z.chinese.sign}`;
          if (!combos.has(key)) combos.set(key, birthdate);
        }
      }
    }
  }
  return [...combos].map(([key, birthdate]) => {
    const [western, chinese] = key.split('|') as [string, string];
    return { western, chinese, birthdate };
  });
}

export const NAMES = [
  'Aria',
  'Kael',
  'Mira Stormborn',
  'Tobias',
  'Yun',
  'Selene',
  'Oluwaseun',
  'Ines',
  'Bartholomew',
  'Zoë',
];

/** `perSign` heroes for each of the 144 sign combinations, named in turn from NAMES, with random ids. */
export function heroesOfAllSigns(
  perSign = 1,
): { combo: { western: string; chinese: string }; hero: HeroProfile }[] {
  let i = 0;
  return allSignCombinations().flatMap((combo) =>
    Array.from({ length: perSign }, () => ({
      combo,
      hero: heroFor(combo.birthdate, NAMES[i++ % NAMES.length]),
    })),
  );
}

/** Every "a"/"an" in a text that does not suit how the next word sounds ("a Aquarius", "an Leo"). */
export function articleMistakes(text: string): string[] {
  return [...text.matchAll(/\b([Aa]n?) (\S+)/g)]
    .filter(([, article, word]) => article!.toLowerCase() !== indefiniteArticle(word!))
    .map(([phrase]) => phrase);
}

/** A real chapter's prose without its heading, as a model would write it for this request. */
export function proseFor(request: ChapterRequest): string {
  return writeLocalChapter(request)
    .markdown.split('\n\n')
    .slice(1)
    .filter((p) => p !== SCENE_BREAK)
    .join('\n\n')
    .trim();
}
