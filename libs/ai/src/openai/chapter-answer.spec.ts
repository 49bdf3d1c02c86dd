import { heroFor, proseFor } from '../__tests__/fixtures.js';
import { countWords, SCENE_BREAK, sentencesOf } from '../chapter-format.js';
import { readChapterAnswer } from './chapter-answer.js';

/** A realistic model answer: a real chapter's prose, reworded into the JSON the prompt asks for. */
const prose = proseFor({
  hero: heroFor('1991-04-02', 'Aria'),
  chapterNumber: 3,
  chaptersTotalCount: 10,
  previousChapter: null,
});
const SUMMARY =
  'Aria reached the salt town of Velmere. A stranger named Ilse joined the company. They ride for the Glass Causeway next.';
const answer = (fields: Record<string, unknown>) =>
  JSON.stringify({
    title: 'The Salt Town',
    markdown: `# Chapter 3: The Salt Town\n\n${prose}`,
    summary: SUMMARY,
    ...fields,
  });

describe('readChapterAnswer', () => {
  it('accepts a well-formed answer', () => {
    const read = readChapterAnswer(answer({}), 3);
    expect(read).toEqual({
      ok: true,
      chapter: {
        title: 'The Salt Town',
        markdown: `# Chapter 3: The Salt Town\n\n${prose}\n`,
        summary: SUMMARY,
      },
    });
  });

  it('finds the JSON inside a code fence or a sentence', () => {
    expect(readChapterAnswer(`\`\`\`json\n${answer({})}\n\`\`\``, 3).ok).toBe(true);
    expect(readChapterAnswer(`Here is the chapter:\n${answer({})}`, 3).ok).toBe(true);
  });

  it('puts "# Chapter N: Title" first, whatever heading (or none) the model wrote', () => {
    const cases = [`# The Salt Town\n\n${prose}`, `## Chapter Three\n\n${prose}`, prose];
    for (const markdown of cases) {
      const read = readChapterAnswer(answer({ markdown, title: 'Chapter 3: "The Salt Town"' }), 3);
      if (!read.ok) throw new Error(read.problem);
      expect(read.chapter.title).toBe('The Salt Town');
      expect(read.chapter.markdown.startsWith(`# Chapter 3: The Salt Town\n\n${prose.slice(0, 40)}`)).toBe(
        true,
      );
      expect(read.chapter.markdown.match(/^#/gm)).toHaveLength(1);
    }
  });

  it('turns markdown rules into the visible scene-break marker', () => {
    const [first, ...rest] = prose.split('\n\n');
    for (const rule of ['* * *', '***', '---', '___']) {
      const read = readChapterAnswer(answer({ markdown: `${first}\n${rule}\n${rest.join('\n\n')}` }), 3);
      if (!read.ok) throw new Error(read.problem);
      expect(read.chapter.markdown).toContain(`${first}\n\n${SCENE_BREAK}\n\n${rest[0]}`);
    }
  });

  it('refuses chapters outside 600–1,200 words, naming the count', () => {
    const short = prose.split(' ').slice(0, 300).join(' ');
    const long = `${prose}\n\n${prose}`;
    expect(countWords(long)).toBeGreaterThan(1200);
    expect(readChapterAnswer(answer({ markdown: short }), 3)).toEqual({
      ok: false,
      problem: expect.stringMatching(/has \d+ words; it must have 600 to 1,200/),
    });
    expect(readChapterAnswer(answer({ markdown: long }), 3)).toMatchObject({ ok: false });
  });

  it('keeps the first four sentences of a long summary and refuses a summary of one sentence', () => {
    const long = `${SUMMARY} Oona sang. The night was cold. Nobody slept.`;
    const read = readChapterAnswer(answer({ summary: long }), 3);
    if (!read.ok) throw new Error(read.problem);
    expect(sentencesOf(read.chapter.summary)).toHaveLength(4);
    expect(read.chapter.summary.startsWith(SUMMARY)).toBe(true);
    expect(readChapterAnswer(answer({ summary: 'Aria walked on.' }), 3)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/summary/),
    });
  });

  it('refuses what is not the JSON asked for', () => {
    expect(readChapterAnswer('Once upon a time…', 3)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/JSON/),
    });
    expect(readChapterAnswer('{"title": "T", "markdown": ', 3)).toMatchObject({ ok: false });
    expect(
      readChapterAnswer(JSON.stringify({ title: 'T', content: prose, summary: SUMMARY }), 3),
    ).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/"markdown"/),
    });
    expect(readChapterAnswer(answer({ title: '   ' }), 3)).toMatchObject({ ok: false });
    expect(readChapterAnswer('', 3)).toMatchObject({ ok: false });
  });
});
