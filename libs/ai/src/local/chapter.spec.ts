import {
  allSignCombinations,
  articleMistakes,
  heroesOfAllSigns,
  heroFor,
  NAMES,
  nextHeroId,
  sparseHero,
} from '../__tests__/fixtures.js';
import {
  CHAPTER_MAX_WORDS,
  CHAPTER_MIN_WORDS,
  countWords,
  SCENE_BREAK,
  sentencesOf,
} from '../chapter-format.js';
import type { ChapterRequest, HeroProfile, PreviousChapter, WrittenChapter } from '../types.js';
import { jaccard, shingles } from '../variety/text.js';
import { writeLocalChapter } from './chapter.js';
import { ANIMAL_WORDS } from './lexicon.js';

/** Writes a whole story as the storybook service would: each chapter gets the one before. */
function writeStory(hero: HeroProfile, total: number, from: PreviousChapter | null = null): WrittenChapter[] {
  const chapters: WrittenChapter[] = [];
  let previous = from;
  const first = from ? from.chapterNumber + 1 : 1;
  for (let chapterNumber = first; chapterNumber <= total; chapterNumber++) {
    const chapter = writeLocalChapter({
      hero,
      chapterNumber,
      chaptersTotalCount: total,
      previousChapter: previous,
    });
    chapters.push(chapter);
    previous = { chapterNumber, title: chapter.title, summary: chapter.summary };
  }
  return chapters;
}

const paragraphsOf = (markdown: string) =>
  markdown
    .split(/\n\n+/)
    .slice(1)
    .map((p) => p.trim())
    .filter((p) => p && p !== SCENE_BREAK);

/** What a reader would notice: leftovers of the grammar, doubled words, lower-case sentence starts. */
function proseProblems(chapter: WrittenChapter): string[] {
  const problems: string[] = [];
  const body = chapter.markdown.replace(/^# .*\n/, '');
  const words = countWords(chapter.markdown);
  if (words < CHAPTER_MIN_WORDS || words > CHAPTER_MAX_WORDS) problems.push(`${words} words`);
  if (/[{}<>|]|\[[^\]]*\|/.test(chapter.markdown + chapter.summary)) problems.push('unexpanded grammar');
  if (/\b(\w+) \1\b/i.test(chapter.markdown))
    problems.push(`doubled word: ${/\b(\w+) \1\b/i.exec(body)?.[0]}`);
  // ('"Well?" said X' is fine; '. said' is not.)
  if (/\."?\s+[a-z]/.test(body)) problems.push(`lower-case start: ${/.{20}\."?\s+[a-z]/.exec(body)?.[0]}`);
  if (/ {2}|\s[,.;:!?]/.test(chapter.markdown)) problems.push('bad spacing');
  if (/\bundefined\b|\bnull\b|NaN/.test(chapter.markdown + chapter.summary)) problems.push('undefined');
  const articles = articleMistakes(chapter.markdown + chapter.summary);
  if (articles.length) problems.push(`articles: ${articles.join(', ')}`);
  const summarySentences = sentencesOf(chapter.summary).length;
  if (summarySentences < 2 || summarySentences > 4) problems.push(`summary of ${summarySentences} sentences`);
  return problems;
}

describe('local chapter writer', () => {
  it('writes 600–1,200 words of clean prose for all 144 sign combinations at every position of a 10-chapter story', () => {
    const failures: string[] = [];
    for (const { hero } of heroesOfAllSigns()) {
      writeStory(hero, 10).forEach((chapter, index) => {
        const problems = proseProblems(chapter);
        if (problems.length) failures.push(`${hero.heroId} chapter ${index + 1}: ${problems.join('; ')}`);
      });
    }
    expect(failures).toEqual([]);
  });

  it('stays within bounds for every story length from 1 to 12 chapters', () => {
    const failures: string[] = [];
    for (let k = 0; k < 12; k++) {
      const hero = heroFor(allSignCombinations()[k * 11]!.birthdate, NAMES[k % NAMES.length], nextHeroId());
      for (let total = 1; total <= 12; total++) {
        writeStory(hero, total).forEach((chapter, index) => {
          const problems = proseProblems(chapter);
          if (problems.length) failures.push(`${hero.heroId} ${index + 1}/${total}: ${problems.join('; ')}`);
        });
      }
    }
    expect(failures).toEqual([]);
  });

  it('starts with the title as a "# Chapter N: Title" heading and has paragraphs and scene breaks', () => {
    const hero = heroFor('1991-04-02', 'Aria');
    writeStory(hero, 10).forEach((chapter, index) => {
      expect(chapter.title).not.toMatch(/^chapter/i);
      expect(chapter.markdown.startsWith(`# Chapter ${index + 1}: ${chapter.title}\n\n`)).toBe(true);
      // One heading only: the rest is prose.
      expect(chapter.markdown.match(/^#/gm)).toHaveLength(1);
      expect(paragraphsOf(chapter.markdown).length).toBeGreaterThanOrEqual(6);
      expect(chapter.markdown).toContain(`\n\n${SCENE_BREAK}\n\n`);
    });
  });

  it('is deterministic: the same request always gives the same chapter', () => {
    const hero = heroFor('1979-08-15', 'Selene', 'ffeeddccbbaa99887766554433221100');
    const story = writeStory(hero, 10);
    const again = writeStory({ ...hero, western: { ...hero.western }, chinese: { ...hero.chinese } }, 10);
    expect(again).toEqual(story);
    const request: ChapterRequest = {
      hero,
      chapterNumber: 5,
      chaptersTotalCount: 10,
      previousChapter: { chapterNumber: 4, title: story[3]!.title, summary: story[3]!.summary },
    };
    expect(writeLocalChapter(request)).toEqual(story[4]);
  });

  it('tells different stories to heroes with identical signs and names', () => {
    const base = heroFor('1979-08-15', 'Selene');
    const openings = new Set(
      Array.from(
        { length: 50 },
        () =>
          writeLocalChapter({
            hero: { ...base, heroId: nextHeroId() },
            chapterNumber: 1,
            chaptersTotalCount: 10,
            previousChapter: null,
          }).markdown,
      ),
    );
    expect(openings.size).toBe(50);
  });

  it('never repeats a title or a paragraph within one story, and no two chapters read alike', () => {
    for (let k = 0; k < 20; k++) {
      const hero = heroFor(allSignCombinations()[k * 7]!.birthdate, NAMES[k % NAMES.length], nextHeroId());
      const story = writeStory(hero, 10);
      expect(new Set(story.map((c) => c.title)).size).toBe(10);
      const paragraphs = story.flatMap((c) => paragraphsOf(c.markdown).filter((p) => p !== '*The End*'));
      expect(new Set(paragraphs).size).toBe(paragraphs.length);
      // Word 5-grams shared by two chapters, over all they use: the same skeleton would score well above 0.2.
      const grams = story.map((c) => shingles(c.markdown, 5));
      for (let a = 0; a < grams.length; a++) {
        for (let b = a + 1; b < grams.length; b++) expect(jaccard(grams[a]!, grams[b]!)).toBeLessThan(0.1);
      }
    }
  });

  it('weaves in the name, the Western sign, element and traits, and the Chinese animal and element', () => {
    for (const [birthdate, name] of [
      ['1991-04-02', 'Aria'],
      ['1984-10-30', 'Kael'],
      ['1973-01-10', 'Mira Stormborn'],
    ] as const) {
      const hero = heroFor(birthdate, name);
      const story = writeStory(hero, 10);
      const all = story.map((c) => c.markdown).join('\n');
      for (const chapter of story) expect(chapter.markdown).toContain(name);
      expect(all).toContain(hero.western.sign);
      expect(all).toContain(hero.western.element);
      expect(all).toContain(ANIMAL_WORDS[hero.chinese.sign]!.noun);
      expect(all).toContain(hero.chinese.element);
      // Sign phrases are told about the hero: "reinvent itself" becomes "reinvent themselves".
      const aboutHero = (phrase: string) =>
        phrase
          .toLowerCase()
          .replace(/\bitself\b/, 'themselves')
          .replace(/\bits\b/, 'their');
      const qualities = [
        ...hero.western.traits,
        ...hero.western.strengths,
        ...hero.western.weaknesses,
        ...hero.chinese.traits,
      ].filter((quality) => all.toLowerCase().includes(aboutHero(quality)));
      expect(qualities.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('continues the story: each chapter opens on a place or person named in the previous summary', () => {
    for (let k = 0; k < 10; k++) {
      const hero = heroFor(allSignCombinations()[k * 13]!.birthdate, NAMES[k % NAMES.length], nextHeroId());
      const story = writeStory(hero, 10);
      for (let n = 1; n < story.length; n++) {
        const names = properNames(story[n - 1]!.summary, hero);
        const opening = paragraphsOf(story[n]!.markdown)[0]!;
        expect(names.some((name) => opening.includes(name))).toBe(true);
      }
    }
  });

  it('recalls a previous chapter written by someone else through its summary', () => {
    const hero = heroFor('1991-04-02', 'Aria');
    const summary =
      'Aria crossed the Salt Road with Tamsin the smith and reached Port Vell, where the harbour lamps had gone out. A masked stranger warned them about the Drowned Queen. They sail for the Isle of Reeds next.';
    const chapter = writeLocalChapter({
      hero,
      chapterNumber: 3,
      chaptersTotalCount: 10,
      previousChapter: { chapterNumber: 2, title: 'The Salt Road', summary },
    });
    expect(paragraphsOf(chapter.markdown)[0]).toBe(`*Previously: ${summary}*`);
    expect(proseProblems(chapter)).toEqual([]);
  });

  it('brings the story to a close in its last chapter, and only there', () => {
    for (const total of [1, 2, 3, 5, 10]) {
      const story = writeStory(heroFor('1988-12-01', 'Ines'), total);
      story.forEach((chapter, index) => {
        const last = index === total - 1;
        expect(chapter.markdown.trimEnd().endsWith('*The End*')).toBe(last);
        expect(chapter.summary.endsWith('The story is complete.')).toBe(last);
        // Every other chapter ends by pointing at where the story goes next.
        if (!last)
          expect(chapter.summary).toMatch(/next|toward|leads|bound for|leave for|go on|going on|roads? to/i);
      });
    }
  });

  it('carries the same story on when a finished book grows (a short story extended with more chapters)', () => {
    const hero = heroFor('1990-06-15', 'Vesper Lark');
    const [tale] = writeStory(hero, 1);
    expect(tale!.summary).toMatch(/The story is complete\.$/);
    const sequel = writeStory(hero, 4, { chapterNumber: 1, title: tale!.title, summary: tale!.summary });
    expect(sequel).toHaveLength(3);
    // The same cast goes on: the enemy the tale named is the one the grown book still faces.
    const foe = /The threat of (.+?) is over/.exec(tale!.summary)![1]!;
    expect(sequel.map((c) => c.markdown).join('\n')).toContain(foe);
    expect(sequel[0]!.markdown).not.toContain('*Previously');
    expect(sequel[0]!.markdown.trimEnd().endsWith('*The End*')).toBe(false);
    expect(sequel[2]!.markdown.trimEnd().endsWith('*The End*')).toBe(true);
    for (const chapter of sequel) expect(proseProblems(chapter)).toEqual([]);
    // Given every earlier chapter, each later chapter still knows the book and recalls nothing as foreign.
    const previous: PreviousChapter[] = [{ chapterNumber: 1, title: tale!.title, summary: tale!.summary }];
    for (let chapterNumber = 2; chapterNumber <= 4; chapterNumber++) {
      const chapter = writeLocalChapter({
        hero,
        chapterNumber,
        chaptersTotalCount: 4,
        previousChapter: previous.at(-1)!,
        previousChapters: [...previous],
      });
      expect(chapter.markdown).not.toContain('*Previously');
      previous.push({ chapterNumber, title: chapter.title, summary: chapter.summary });
    }
  });

  it('copes with a missing previous chapter, odd names, sparse profiles and out-of-range positions', () => {
    const sparse = sparseHero();
    for (const chapterNumber of [1, 4, 10]) {
      const chapter = writeLocalChapter({
        hero: sparse,
        chapterNumber,
        chaptersTotalCount: 10,
        previousChapter: null,
      });
      expect(chapter.markdown).toContain('Ana {sign} \\[x\\|y\\]'); // markdown-escaped: shown literally
      const words = countWords(chapter.markdown);
      expect(words).toBeGreaterThanOrEqual(CHAPTER_MIN_WORDS);
      expect(words).toBeLessThanOrEqual(CHAPTER_MAX_WORDS);
    }
    const longName = heroFor('1992-03-03', 'Maximilian Aurelius Fitzgerald Montgomery-Smythe the Third');
    for (const chapter of writeStory(longName, 10)) {
      expect(countWords(chapter.markdown)).toBeLessThanOrEqual(CHAPTER_MAX_WORDS);
    }
    // A chapter beyond the stated total is written as the story's end.
    const beyond = writeLocalChapter({
      hero: longName,
      chapterNumber: 5,
      chaptersTotalCount: 3,
      previousChapter: null,
    });
    expect(beyond.markdown.trimEnd().endsWith('*The End*')).toBe(true);
    expect(() =>
      writeLocalChapter({ hero: longName, chapterNumber: 0, chaptersTotalCount: 3, previousChapter: null }),
    ).toThrow(RangeError);
  });
});

/** Capitalised names in a text (places, people, things), other than the hero's own name words. */
function properNames(text: string, hero: HeroProfile): string[] {
  const heroWords = new Set(hero.name.split(/\s+/));
  const sentenceStarts = /^(?:The|In|At|A|An|They|Their|It|Now|Next|But|Beneath|On|Letters|Taking)\s+/;
  const found = (text.match(/\b[A-Z][\w'-]+(?:\s+(?:of\s+the\s+|of\s+)?[A-Z][\w'-]+)*/g) ?? []).map((name) =>
    name.replace(sentenceStarts, '').replace(/'s$/, ''),
  );
  return [...new Set(found)].filter(
    (name) => /^[A-Z]/.test(name) && !sentenceStarts.test(`${name} `) && !heroWords.has(name),
  );
}
