/**
 * How varied the local writer's books are, measured as the variety bench measures them: fifty
 * heroes of varied birth dates and signs, with fixed ids so the figures do not drift between runs.
 */
import { zodiacFor } from '@starborn/zodiac';
import type { HeroProfile, PreviousChapter, WrittenChapter } from '../../types.js';
import { jaccard, meanPairwise, openingSentence, shingles } from '../../variety/text.js';
import { writeLocalChapter } from '../chapter.js';

const NAMES = ['Aria', 'Kael', 'Mira', 'Tovan', 'Ines', 'Selene', 'Bram', 'Yun', 'Oren', 'Lark'];

function benchHero(i: number): HeroProfile {
  // Birth dates spread over sixty years and all months: every Western sign and Chinese animal.
  const day = new Date(Date.UTC(1950 + ((i * 7) % 60), (i * 5) % 12, 1 + ((i * 11) % 28)));
  const { western, chinese } = zodiacFor(day.toISOString().slice(0, 10));
  return {
    heroId: `${i.toString(16).padStart(4, '0')}5eed0000000000000000000000`.slice(0, 32),
    name: NAMES[i % NAMES.length]!,
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

function writeBook(hero: HeroProfile, total: number): WrittenChapter[] {
  const chapters: WrittenChapter[] = [];
  const previous: PreviousChapter[] = [];
  for (let n = 1; n <= total; n++) {
    const chapter = writeLocalChapter({
      hero,
      chapterNumber: n,
      chaptersTotalCount: total,
      previousChapter: previous.at(-1) ?? null,
      previousChapters: [...previous],
    });
    chapters.push(chapter);
    previous.push({ chapterNumber: n, title: chapter.title, summary: chapter.summary });
  }
  return chapters;
}

describe('variety of the local storybooks', () => {
  const heroes = Array.from({ length: 50 }, (_, i) => benchHero(i));
  const firstChapters = heroes.map((hero) =>
    writeLocalChapter({ hero, chapterNumber: 1, chaptersTotalCount: 10, previousChapter: null }),
  );

  it('gives the chapters 1 of fifty heroes at least 45 different titles and no shared opening sentence', () => {
    expect(new Set(firstChapters.map((c) => c.title)).size).toBeGreaterThanOrEqual(45);
    const openings = firstChapters.map((c) => openingSentence(c.markdown));
    expect(new Set(openings).size).toBe(openings.length);
  });

  it('keeps the first chapters of two heroes apart: mean word 5-gram Jaccard similarity at most 0.05', () => {
    const grams = firstChapters.map((c) => shingles(c.markdown, 5));
    expect(meanPairwise(grams, jaccard)).toBeLessThanOrEqual(0.05);
  });

  it('keeps the chapters of one 10-chapter book apart: mean word 5-gram Jaccard similarity at most 0.05', () => {
    for (const hero of heroes.slice(0, 5)) {
      const grams = writeBook(hero, 10).map((c) => shingles(c.markdown, 5));
      expect(meanPairwise(grams, jaccard)).toBeLessThanOrEqual(0.05);
    }
  });

  it('writes a chapter well under a second (median over fifty chapters)', () => {
    const times = heroes.map((hero, i) => {
      const start = performance.now();
      writeLocalChapter({ hero, chapterNumber: 1 + (i % 10), chaptersTotalCount: 10, previousChapter: null });
      return performance.now() - start;
    });
    times.sort((a, b) => a - b);
    expect(times[25]!).toBeLessThan(200);
  });
});
