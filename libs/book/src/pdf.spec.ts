import { describe, expect, it } from '@jest/globals';
import { inspectPdf, solidPng } from '@starborn/testing';
import { sampleBook } from './__tests__/sample-book.js';
import type { BookChapter } from './book.js';
import { cjkFontFor, fonts, isCjk, systemCjkFont } from './fonts.js';
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

  it('prints Chinese, Japanese and Korean with an embedded CJK font: every character has a glyph', async () => {
    const book = sampleBook({
      heroName: '李小龍 星の子',
      backstory: 'Born in the year of the Goat (羊), under the Dragon’s (龍) gaze, far from 한국.',
      chapters: [
        {
          number: 1,
          title: 'The 马 Road to 한국',
          markdown:
            '# Chapter 1: The 马 Road to 한국\n\nThe Horse (马) ran. 李小龍 met 星の子 in 한국, and the 羊 followed.\n\n' +
            '李小龍は星の子と一緒に歩いた。'.repeat(12),
          illustration: null,
        },
      ],
    });
    const pdf = await inspectPdf(await renderPdf(book));
    const pages = pdf.pageTexts;
    const text = pages.join('\n');
    const flat = text.replace(/\s+/g, '');
    expect(pages[0]).toContain('李小龍 星の子');
    expect(pages[1]).toContain('李小龍 星の子');
    expect(text).toContain('Goat (羊)');
    expect(text).toContain('Dragon’s (龍)');
    // Hangul, like Han and kana, may wrap between any two syllables, as a browser wraps it.
    expect(flat).toContain('farfrom한국.');
    expect(text).toContain('The 马 Road to 한국');
    expect(flat).toContain('TheHorse(马)ran.李小龍met星の子in한국,andthe羊followed.');
    expect(pages[pages.length - 1]).toContain('李小龍 星の子, born July 25, 1990');
    // The long Japanese paragraph wraps like any other and reads back whole.
    expect(flat).toContain('李小龍は星の子と一緒に歩いた。'.repeat(12));

    // The CJK fonts are embedded as subsets, beside the book's own.
    expect(pdf.fonts.filter((font) => !font.embedded)).toEqual([]);
    const cjk = pdf.fonts.filter((font) => /NotoSans(SC|KR)/.test(font.name));
    expect(cjk.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(
      expect.arrayContaining(['NotoSansKR-Regular', 'NotoSansSC-Regular']),
    );
    expect(cjk.every((font) => /^[A-Z]{6}\+/.test(font.name))).toBe(true);

    // Every character read back has a glyph in the book's fonts or in the CJK font that printed it.
    const faces = Object.values(fonts());
    const boxes = [...new Set(text)].filter(
      (character) =>
        character.trim() !== '' &&
        !faces.some((face) => face.hasGlyphForCodePoint(character.codePointAt(0)!)) &&
        !cjkFontFor(character),
    );
    expect(boxes).toEqual([]);
    for (const character of '李小龍星の子한국羊马')
      expect(isCjk(character) && cjkFontFor(character)).toBeTruthy();
  });

  it('prints rare Han characters too, with the whole Noto Sans CJK of the system, and common ones whatever their font file', async () => {
    // 丒 丣 龘 and 㐀 are in none of the packages' files; 風 業 樂 說 are in the one file fontkit cannot read.
    const rare = '丒丣龘㐀';
    const common = '風業樂說';
    const book = sampleBook({
      heroName: `${rare} ${common}`,
      backstory: `The wind (${common[0]}) and the thunder dragon (龘) met under ${rare[3]}.`,
    });
    const pdf = await inspectPdf(await renderPdf(book));
    const text = pdf.pageTexts.join('\n');
    expect(pdf.pageTexts[0]).toContain(`${rare} ${common}`);
    expect(text).toContain('The wind (風) and the thunder dragon (龘) met under 㐀.');
    expect(pdf.fonts.filter((font) => !font.embedded)).toEqual([]);
    expect(pdf.fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toContain('NotoSansCJKsc-Regular');
    expect(systemCjkFont()).not.toBeNull();
    for (const character of rare + common) expect(cjkFontFor(character)).toBeDefined();
  });
});
