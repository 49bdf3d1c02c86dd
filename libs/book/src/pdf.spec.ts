import { describe, expect, it } from '@jest/globals';
import { inspectPdf, solidPng } from '@starborn/testing';
import { sampleBook } from './__tests__/sample-book.js';
import type { BookChapter } from './book.js';
import { fonts } from './fonts.js';
import { renderPdf } from './pdf.js';

const A5 = { width: 419.53, height: 595.28 };
const firstLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean) ?? '';

describe('PDF', () => {
  it('is an A5 book: cover, title page, backstory, each chapter from a new page, zodiac page', async () => {
    const long = 'The road went on and on under the stars. '.repeat(120);
    const chapters: BookChapter[] = [1, 2, 3].map((number) => ({
      number,
      title: `Chapter Title Number ${number}`,
      markdown: `# Chapter Title Number ${number}\n\n## A scene\n\n${long}\n\n*The end.*`,
      illustration: number === 2 ? null : solidPng(300, 200, '#aa6633'),
    }));
    const pdf = await inspectPdf(await renderPdf(sampleBook({ chapters })));

    expect(pdf.pageSizes).toHaveLength(pdf.pages);
    for (const size of pdf.pageSizes) {
      expect(size.width).toBeCloseTo(A5.width, 1);
      expect(size.height).toBeCloseTo(A5.height, 1);
    }
    const pages = pdf.pageTexts;
    expect(pages[0]!.replace(/\s+/g, ' ')).toContain('Lyra <script>alert("x")</ script> & Co');
    expect(pages[0]).toContain('A Starborn storybook');
    expect(pages[1]).toContain('Born July 25, 1990');
    expect(firstLine(pages[2]!)).toBe('Backstory');
    expect(pages[2]).toContain('falling stars');

    // A chapter's first page starts with its label and title; the long text runs onto more pages.
    const starts = chapters.map((chapter) =>
      pages.findIndex((page) => firstLine(page) === `CHAPTER ${chapter.number}`),
    );
    expect(starts.every((index) => index > 2)).toBe(true);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const [index, start] of starts.entries()) {
      expect(pages[start]).toContain(chapters[index]!.title);
      // Written once: the first heading that repeats the title is left out.
      expect(pages.join('').split(chapters[index]!.title)).toHaveLength(2);
      expect(starts[index + 1] ?? pages.length - 1).toBeGreaterThan(start + 1);
    }
    expect(firstLine(pages[pages.length - 1]!)).toBe('Zodiac profile');
    expect(pages[pages.length - 1]).toContain('Leo');
    expect(pages[pages.length - 1]).toContain('Horse');

    // Numbers in the footer from the backstory on, none on the cover and title page.
    for (let index = 2; index < pages.length; index++) {
      expect(pages[index]!.trimEnd().split('\n').pop()!.trim()).toBe(String(index + 1));
    }
    expect(pages[1]!.trim().split('\n').pop()!.trim()).not.toMatch(/^\d+$/);
  });

  it('embeds its fonts: no font is only named', async () => {
    const pdf = await inspectPdf(await renderPdf(sampleBook()));
    expect(pdf.fonts.length).toBeGreaterThan(0);
    expect(pdf.fonts.filter((font) => !font.embedded)).toEqual([]);
    expect(pdf.fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(
      expect.arrayContaining([
        'Cinzel-Regular',
        'EBGaramond-Regular',
        'EBGaramond-Bold',
        'EBGaramond-Italic',
      ]),
    );
  });

  it('prints the user’s text as text, and a book without chapters still closes with the zodiac page', async () => {
    const pdf = await inspectPdf(await renderPdf(sampleBook({ chapters: [] })));
    expect(pdf.pages).toBe(4);
    expect(pdf.pageTexts[2]).toContain('Lyra & her fox left the valley');
    expect(firstLine(pdf.pageTexts[3]!)).toBe('Zodiac profile');
    expect(pdf.pageTexts[3]).toContain('Lyra <script>alert("x")</script> & Co, born July 25, 1990');
  });

  it('prints a chapter written as "# Chapter N: Title" with its title once', async () => {
    const chapters: BookChapter[] = [
      {
        number: 3,
        title: 'The Ember Gate',
        markdown: '# Chapter 3: The Ember Gate\n\nThe gate glowed.',
        illustration: null,
      },
      {
        number: 4,
        title: 'Night Tide',
        markdown: '# Chapter Four — Night Tide\n\nThe sea rose.',
        illustration: null,
      },
    ];
    const text = (await inspectPdf(await renderPdf(sampleBook({ chapters })))).pageTexts.join('\n');
    expect(text.split('The Ember Gate')).toHaveLength(2);
    expect(text.split('Night Tide')).toHaveLength(2);
    expect(text).toContain('The gate glowed.');
  });

  it('draws every character it prints with a glyph of its fonts: the animals’ characters in pinyin', async () => {
    const book = sampleBook({
      heroName: 'Mei 羊 Lin',
      backstory: 'Born in the year of the Goat (羊), under the Dragon’s (龍) gaze.',
      chapters: [
        {
          number: 1,
          title: 'The 马 Road',
          markdown: '# Chapter 1: The 马 Road\n\nThe Horse (马) ran.',
          illustration: null,
        },
      ],
    });
    const text = (await inspectPdf(await renderPdf(book))).pageTexts.join('\n');
    expect(text).toContain('Goat (Yang)');
    expect(text).toContain('Dragon’s (Long)');
    expect(text).toContain('Horse (Ma)');
    const faces = Object.values(fonts());
    const boxes = [...new Set(text)].filter(
      (character) =>
        character.trim() !== '' &&
        !faces.some((face) => face.hasGlyphForCodePoint(character.codePointAt(0)!)),
    );
    expect(boxes).toEqual([]);
  });
});
