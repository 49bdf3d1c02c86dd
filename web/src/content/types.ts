import { plainText } from './markup';

/** The shape of the long texts in this folder: sections of blocks whose strings use ./markup. */
export type Block =
  | { type: 'p'; text: string }
  | { type: 'h3'; text: string }
  | { type: 'ul'; items: readonly string[] }
  | { type: 'ol'; items: readonly string[] }
  | { type: 'quote'; text: string; cite?: string }
  | { type: 'note'; title?: string; text: string }
  | { type: 'table'; caption: string; head: readonly string[]; rows: ReadonlyArray<readonly string[]> };

export interface Section {
  /** Anchor id, unique in its document. */
  id: string;
  title: string;
  blocks: readonly Block[];
}

/** A long page made of sections: the legal documents, NFT basics, articles, the partnership page. */
export interface ContentDocument {
  title: string;
  /** Meta description and the lead paragraph's source. */
  description: string;
  eyebrow: string;
  intro: readonly string[];
  sections: readonly Section[];
}

export const p = (text: string): Block => ({ type: 'p', text });
export const h3 = (text: string): Block => ({ type: 'h3', text });
export const ul = (...items: string[]): Block => ({ type: 'ul', items });
export const ol = (...items: string[]): Block => ({ type: 'ol', items });
export const quote = (text: string, cite?: string): Block => ({ type: 'quote', text, cite });
export const note = (text: string, title?: string): Block => ({ type: 'note', text, title });

/** Every string a reader sees in a document, in order (for word counts and search). */
export function documentText(doc: Pick<ContentDocument, 'intro' | 'sections'>): string {
  const parts: string[] = [...doc.intro];
  for (const section of doc.sections) {
    parts.push(section.title);
    for (const block of section.blocks) {
      switch (block.type) {
        case 'ul':
        case 'ol':
          parts.push(...block.items);
          break;
        case 'table':
          parts.push(block.caption, ...block.head, ...block.rows.flat());
          break;
        case 'note':
          if (block.title) parts.push(block.title);
          parts.push(block.text);
          break;
        case 'quote':
          parts.push(block.text);
          if (block.cite) parts.push(block.cite);
          break;
        default:
          parts.push(block.text);
      }
    }
  }
  return parts.map(plainText).join('\n');
}
