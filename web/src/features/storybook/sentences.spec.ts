import { describe, expect, it } from '@jest/globals';
import { splitSentences } from './sentences';

const texts = (text: string, locale?: string) => splitSentences(text, locale).map((s) => s.text);

describe('splitSentences', () => {
  it('splits prose into its sentences, in order', () => {
    expect(texts('The stars fell. Selene looked up! Was it a sign? She ran.')).toEqual([
      'The stars fell.',
      'Selene looked up!',
      'Was it a sign?',
      'She ran.',
    ]);
  });

  it('keeps closing quotes with their sentence and an ellipsis inside it', () => {
    expect(texts('“Run,” she said. “Now!” The gate… it opened.')).toEqual([
      '“Run,” she said.',
      '“Now!”',
      'The gate… it opened.',
    ]);
  });

  it('gives each sentence’s place in the text, without the blanks around it', () => {
    const text = '  First one.   Second one.\n';
    const sentences = splitSentences(text);
    expect(sentences).toEqual([
      { text: 'First one.', start: 2, end: 12 },
      { text: 'Second one.', start: 15, end: 26 },
    ]);
    for (const sentence of sentences) expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
  });

  it('collapses line breaks and runs of spaces inside a sentence', () => {
    expect(texts('A long\n   sentence over   lines.')).toEqual(['A long sentence over lines.']);
  });

  it('reads a heading or a fragment without a full stop as one sentence', () => {
    expect(texts('Chapter 1: The Dawn')).toEqual(['Chapter 1: The Dawn']);
  });

  it('answers nothing for empty or blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences(' \n\t ')).toEqual([]);
  });

  it('follows the language’s punctuation', () => {
    expect(texts('星が落ちた。彼女は走った。', 'ja')).toEqual(['星が落ちた。', '彼女は走った。']);
  });
});
