import { decodeHTML, escapeUTF8 } from 'entities';
import { Marked, type RendererObject, type Token, type Tokens } from 'marked';

/** Characters XML does not allow (C0 controls but tab and newlines, lone surrogates, U+FFFE/U+FFFF). */
// Matching control characters is the point here.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** User text made safe to place in XML: characters XML refuses are dropped. */
export function cleanText(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Text escaped for XHTML content and attribute values. */
export function escapeXml(text: string): string {
  return escapeUTF8(cleanText(text));
}

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * The markdown renderer for XHTML: HTML written in the markdown is shown as text, never as markup
 * (a book is no place for scripts or forms); links keep only their words (a chapter's links would lead
 * out of the book) and remote images only their description (an EPUB must hold every image it shows).
 * Void elements are closed, tables carry no obsolete `align`, and headings sit one level under the
 * page's own title.
 */
const xhtmlRenderer: RendererObject = {
  html({ text, block }) {
    const escaped = escapeXml(text.trim());
    if (!escaped) return '';
    return block ? `<p>${escaped}</p>\n` : escaped;
  },
  br() {
    return '<br/>';
  },
  hr() {
    return '<hr/>\n';
  },
  image({ text }) {
    return escapeXml(text);
  },
  link({ tokens }) {
    return this.parser.parseInline(tokens);
  },
  checkbox({ checked }) {
    return checked ? '☑ ' : '☐ ';
  },
  heading({ tokens, depth }) {
    const level = Math.min(6, depth + 1);
    return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
  },
  tablecell(token) {
    const tag = token.header ? 'th' : 'td';
    const style = token.align ? ` style="text-align: ${token.align}"` : '';
    return `<${tag}${style}>${this.parser.parseInline(token.tokens)}</${tag}>\n`;
  },
};

const marked = new Marked({ gfm: true, breaks: false, renderer: xhtmlRenderer });

/** 'Chapter 3: ', 'Chapter Three — ', 'Chapter 3. ': the label a chapter's own heading starts with. */
const CHAPTER_LABEL = /^chapter\s+[\p{L}\p{N}]+\s*[:.\-–—]\s*/iu;

/**
 * The markdown's block tokens, without a first heading that only repeats `title`: the title itself,
 * or the title after its chapter label ('# Chapter 3: The Ember Gate', as the chapters are written),
 * since the book prints the label and the title above the text already.
 */
export function markdownTokens(markdown: string, title?: string): Token[] {
  const tokens = marked.lexer(cleanText(markdown));
  const first = tokens.findIndex((token) => token.type !== 'space');
  const heading = tokens[first];
  if (title !== undefined && heading?.type === 'heading') {
    const words = plainText(heading);
    if (sameWords(words, title) || sameWords(words.replace(CHAPTER_LABEL, ''), title)) {
      tokens.splice(first, 1);
    }
  }
  return tokens;
}

/**
 * Markdown as XHTML body content (well-formed XML): the named HTML entities marked passes through
 * (`&nbsp;`) become character references, since XHTML without a DTD knows only XML's five.
 */
export function markdownToXhtml(markdown: string, title?: string): string {
  const html = marked.parser(markdownTokens(markdown, title));
  return html.replace(/&([A-Za-z][A-Za-z0-9]*);/g, (reference, name: string) => {
    if (XML_ENTITIES.has(name)) return reference;
    const decoded = decodeHTML(reference);
    return decoded === reference ? `&amp;${name};` : escapeXml(decoded);
  });
}

/** A run of text in one style. */
export interface TextRun {
  text: string;
  bold: boolean;
  italic: boolean;
  code: boolean;
}

/** The blocks the PDF lays out. */
export type TextBlock =
  | { kind: 'heading'; level: number; runs: TextRun[] }
  | { kind: 'paragraph'; runs: TextRun[] }
  | { kind: 'list'; ordered: boolean; start: number; items: TextRun[][] }
  | { kind: 'quote'; blocks: TextBlock[] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' };

interface Style {
  bold: boolean;
  italic: boolean;
}

/** Markdown as the blocks of a printed page: headings, paragraphs of styled runs, lists, quotes. */
export function markdownBlocks(markdown: string, title?: string): TextBlock[] {
  return blocksOf(markdownTokens(markdown, title));
}

function blocksOf(tokens: readonly Token[]): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'heading':
        blocks.push({ kind: 'heading', level: token.depth, runs: runsOf(token.tokens ?? []) });
        break;
      case 'paragraph':
      case 'text':
        blocks.push({ kind: 'paragraph', runs: runsOf(token.tokens ?? [{ ...token, tokens: undefined }]) });
        break;
      case 'list':
        blocks.push({
          kind: 'list',
          ordered: token.ordered,
          start: typeof token.start === 'number' ? token.start : 1,
          items: (token.items as Tokens.ListItem[]).map((item) =>
            blocksOf(item.tokens).flatMap((block) =>
              'runs' in block ? [...block.runs, { text: ' ', bold: false, italic: false, code: false }] : [],
            ),
          ),
        });
        break;
      case 'blockquote':
        blocks.push({ kind: 'quote', blocks: blocksOf(token.tokens ?? []) });
        break;
      case 'code':
        blocks.push({ kind: 'code', text: token.text });
        break;
      case 'hr':
        blocks.push({ kind: 'rule' });
        break;
      case 'html':
        if (token.text.trim()) blocks.push({ kind: 'paragraph', runs: [plainRun(token.text.trim())] });
        break;
      case 'table': {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) {
          blocks.push({
            kind: 'paragraph',
            runs: row.flatMap((cell, index) => [
              ...(index > 0 ? [plainRun(' · ')] : []),
              ...runsOf(cell.tokens, { bold: row === table.header, italic: false }),
            ]),
          });
        }
        break;
      }
      default:
        break;
    }
  }
  return blocks;
}

const plainRun = (text: string): TextRun => ({ text, bold: false, italic: false, code: false });

function runsOf(tokens: readonly Token[], style: Style = { bold: false, italic: false }): TextRun[] {
  const runs: TextRun[] = [];
  const push = (text: string, code = false) => {
    if (!text) return;
    const last = runs[runs.length - 1];
    if (last && last.bold === style.bold && last.italic === style.italic && last.code === code) {
      last.text += text;
    } else runs.push({ text, bold: style.bold, italic: style.italic, code });
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'strong':
        runs.push(...runsOf(token.tokens ?? [], { ...style, bold: true }));
        break;
      case 'em':
        runs.push(...runsOf(token.tokens ?? [], { ...style, italic: true }));
        break;
      case 'del':
      case 'link':
        runs.push(...runsOf(token.tokens ?? [], style));
        break;
      case 'codespan':
        push(token.text, true);
        break;
      case 'br':
        push('\n');
        break;
      case 'image':
        push(token.text);
        break;
      case 'text':
        if (token.tokens) runs.push(...runsOf(token.tokens, style));
        else push(decodeHTML(token.text));
        break;
      case 'escape':
      case 'html':
        push(decodeHTML(token.text));
        break;
      default:
        if ('text' in token && typeof token.text === 'string') push(decodeHTML(token.text));
    }
  }
  return runs;
}

function plainText(token: Token): string {
  return runsOf('tokens' in token && token.tokens ? token.tokens : [])
    .map((run) => run.text)
    .join('');
}

const sameWords = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
