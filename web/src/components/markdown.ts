/**
 * Markdown to safe HTML for backstories and, later, chat messages: marked turns the text
 * into HTML, DOMPurify keeps only the allowed tags and attributes. Any failure (including a
 * sanitiser that cannot run) falls back to plain text shown in a paragraph.
 */
import DOMPurify, { type Config } from 'dompurify';
import { Marked } from 'marked';

/** Headings, paragraphs, links, lists, quotes, code, emphasis, tables and images. */
export const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'em',
  'strong',
  'i',
  'b',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
] as const;

export const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'class'] as const;

export const SANITIZE_CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Keep the text of a refused element (e.g. <span>), drop the element itself.
  KEEP_CONTENT: true,
} satisfies Config;

export type RenderedMarkdown = { kind: 'html'; html: string } | { kind: 'text'; text: string };

export interface MarkdownDeps {
  parse: (markdown: string) => string;
  sanitize: (html: string) => string;
}

const parsers = new Map<number, Marked>();

/** A parser whose headings start `headingOffset` levels down (h1 becomes h3 with 2), capped at h6. */
function parserFor(headingOffset: number): Marked {
  let parser = parsers.get(headingOffset);
  if (!parser) {
    parser = new Marked({ gfm: true, breaks: false, async: false });
    if (headingOffset > 0) {
      parser.use({
        walkTokens(token) {
          if (token.type === 'heading') token.depth = Math.min(6, token.depth + headingOffset);
        },
      });
    }
    parsers.set(headingOffset, parser);
  }
  return parser;
}

/**
 * Markdown to (unsanitised) HTML. `headingOffset` keeps the text's headings below the page's own:
 * a backstory's '# Title' inside a panel headed by an h2 becomes an h3 with an offset of 2.
 */
export function parseMarkdown(markdown: string, headingOffset = 0): string {
  const html = parserFor(Math.max(0, Math.min(5, Math.trunc(headingOffset)))).parse(markdown, {
    async: false,
  });
  if (typeof html !== 'string') throw new Error('Markdown parsing did not finish synchronously.');
  return html;
}

let hooked = false;

/** Relative URLs, this origin, and data: images; anything else is dropped. */
export function isSameOriginImage(src: string | null, origin = globalThis.location?.origin): boolean {
  if (!src) return false;
  if (/^data:image\//i.test(src)) return true;
  try {
    const base = origin ?? 'http://localhost';
    return new URL(src, base).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

/** DOMPurify with the allow-list; links that open a new tab never get access to this one. */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) throw new Error('The HTML sanitiser is not available here.');
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
      // The page's CSP loads images from this origin only; a foreign image would only be blocked.
      if (node.tagName === 'IMG' && !isSameOriginImage(node.getAttribute('src'))) node.remove();
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, SANITIZE_CONFIG);
}

export function renderMarkdown(
  markdown: string,
  deps: MarkdownDeps = { parse: (text) => parseMarkdown(text), sanitize: sanitizeHtml },
): RenderedMarkdown {
  try {
    return { kind: 'html', html: deps.sanitize(deps.parse(markdown)) };
  } catch (error) {
    console.warn('Markdown could not be formatted; showing plain text.', error);
    return { kind: 'text', text: markdown };
  }
}
