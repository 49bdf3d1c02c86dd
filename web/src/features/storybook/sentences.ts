/**
 * A chapter's sentences for reading aloud: the splitter (Intl.Segmenter, so the browser's own rules
 * for each language decide where a sentence ends), and the marking of the rendered chapter so the
 * sentence being read can be highlighted in place.
 */

/** One sentence of a text: its words (inner whitespace collapsed) and where it lies in the text. */
export interface Sentence {
  text: string;
  /** Offset of its first non-blank character. */
  start: number;
  /** Offset just past its last non-blank character. */
  end: number;
}

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(locale: string | undefined): Intl.Segmenter {
  const key = locale ?? '';
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
    segmenters.set(key, segmenter);
  }
  return segmenter;
}

const isBlank = (char: string) => char.trim() === '';

/**
 * The sentences of one block of text (a paragraph, a heading), in order, without the blanks around
 * them; blank segments are dropped. A line break inside the block is only wrapping: it is read as a
 * space (the segmenter would otherwise end a sentence there).
 */
export function splitSentences(text: string, locale?: string): Sentence[] {
  const sentences: Sentence[] = [];
  // Same length as the text, so the offsets found hold for it.
  const unwrapped = text.replace(/[\n\r\v\f\u0085\u2028\u2029]/g, ' ');
  for (const { segment, index } of segmenterFor(locale).segment(unwrapped)) {
    let start = 0;
    let end = segment.length;
    while (start < end && isBlank(segment[start]!)) start++;
    while (end > start && isBlank(segment[end - 1]!)) end--;
    if (start === end) continue;
    sentences.push({
      text: segment.slice(start, end).split(/\s+/).join(' '),
      start: index + start,
      end: index + end,
    });
  }
  return sentences;
}

/** The elements whose text is read, each on its own (a sentence never runs from one into the next). */
const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, blockquote, td, th, pre';

/** Class of the wrapper of (a piece of) one sentence; `data-sentence` holds its number from 0. */
export const SENTENCE_CLASS = 'chapter-sentence';

/**
 * Wraps every sentence of the blocks under `root` in `<span class="chapter-sentence"
 * data-sentence="n">`, numbered in reading order across blocks. A sentence crossing inline
 * elements (an emphasis, a link) gets one span per text piece, all with its number. Answers the
 * sentences' texts, index n for number n.
 */
export function markSentences(root: ParentNode, locale?: string): string[] {
  const doc = (root as Node).ownerDocument ?? (root as Document);
  const texts: string[] = [];
  const blocks = Array.from(root.querySelectorAll(BLOCKS)).filter(
    // Only innermost blocks: a list item holding paragraphs is read through its paragraphs.
    (block) => block.querySelector(BLOCKS) === null,
  );
  for (const block of blocks) {
    const nodes: Text[] = [];
    const walker = doc.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const text = nodes.map((node) => node.data).join('');
    const sentences = splitSentences(text, locale);
    const first = texts.length;
    texts.push(...sentences.map((sentence) => sentence.text));

    let offset = 0;
    for (const node of nodes) {
      const nodeStart = offset;
      const nodeEnd = offset + node.data.length;
      offset = nodeEnd;
      const pieces: Node[] = [];
      let cursor = nodeStart;
      sentences.forEach((sentence, i) => {
        const from = Math.max(sentence.start, nodeStart);
        const to = Math.min(sentence.end, nodeEnd);
        if (from >= to) return;
        if (from > cursor) pieces.push(doc.createTextNode(text.slice(cursor, from)));
        const span = doc.createElement('span');
        span.className = SENTENCE_CLASS;
        span.dataset.sentence = String(first + i);
        span.textContent = text.slice(from, to);
        pieces.push(span);
        cursor = to;
      });
      if (pieces.length === 0) continue;
      if (cursor < nodeEnd) pieces.push(doc.createTextNode(text.slice(cursor, nodeEnd)));
      node.replaceWith(...pieces);
    }
  }
  return texts;
}

/** Sanitised HTML with its sentences marked (see markSentences), and their texts. Browser only. */
export function sentenceMarkup(html: string, locale?: string): { html: string; sentences: string[] } {
  if (typeof document === 'undefined') return { html, sentences: [] };
  // A template's content is inert: nothing in it loads or runs while it is rewritten.
  const template = document.createElement('template');
  template.innerHTML = html;
  const sentences = markSentences(template.content, locale);
  return { html: template.innerHTML, sentences };
}
