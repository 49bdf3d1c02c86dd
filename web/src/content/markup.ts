/**
 * The small inline markup used by the texts in this folder: `[label](href)` for links,
 * `**words**` for strong emphasis and backticks for code. Nothing else is interpreted, so texts stay plain strings that
 * can be searched, counted and put into JSON-LD. Pure functions; ContentBlocks renders them.
 */
export type InlineSegment =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'code'; text: string }
  | { type: 'link'; text: string; href: string };

const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|`([^`]+)`/g;

export function parseInline(source: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  let last = 0;
  for (const match of source.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) segments.push({ type: 'text', text: source.slice(last, index) });
    if (match[1] !== undefined && match[2] !== undefined) {
      segments.push({ type: 'link', text: match[1], href: match[2] });
    } else if (match[3] !== undefined) {
      segments.push({ type: 'strong', text: match[3] });
    } else if (match[4] !== undefined) {
      segments.push({ type: 'code', text: match[4] });
    }
    last = index + match[0].length;
  }
  if (last < source.length) segments.push({ type: 'text', text: source.slice(last) });
  return segments;
}

/** The text a reader sees: link labels kept, targets and asterisks dropped. */
export function plainText(source: string): string {
  return parseInline(source)
    .map((segment) => segment.text)
    .join('');
}

export type LinkKind = 'internal' | 'external' | 'mail';

/** Same-site paths are router links; mailto: opens the mail client; anything else leaves the site. */
export function linkKind(href: string): LinkKind {
  if (href.startsWith('mailto:')) return 'mail';
  if (href.startsWith('/') && !href.startsWith('//')) return 'internal';
  if (href.startsWith('#')) return 'internal';
  return 'external';
}

/** Words in a text, for reading times and the article word counts. */
export function countWords(text: string): number {
  const words = text.trim().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return words ? words.length : 0;
}

/** Minutes at 200 words a minute, at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / 200));
}
