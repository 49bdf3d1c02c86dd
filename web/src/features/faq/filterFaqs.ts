/**
 * FAQ search: a case-insensitive match on the question or the answer text. Pure, so Jest
 * tests it; the page calls it on every keystroke.
 */
import { plainText } from '../../content/markup';

export interface FaqItem {
  /** Unique across all groups; used for element ids. */
  id: string;
  question: string;
  /** Uses the inline markup of content/markup.ts; matched on the text the reader sees. */
  answer: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

/** Lower case with runs of white space folded to one space, so "  Premium   hero " finds "premium hero". */
function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function faqMatches(item: FaqItem, query: string): boolean {
  const needle = normalise(query);
  if (needle === '') return true;
  return normalise(item.question).includes(needle) || normalise(plainText(item.answer)).includes(needle);
}

/**
 * The groups with only their matching items, in the original order; groups left empty are dropped.
 * A blank query returns the groups unchanged (the same array).
 */
export function filterFaqs(groups: readonly FaqGroup[], query: string): readonly FaqGroup[] {
  if (normalise(query) === '') return groups;
  const result: FaqGroup[] = [];
  for (const group of groups) {
    const items = group.items.filter((item) => faqMatches(item, query));
    if (items.length > 0) result.push({ ...group, items });
  }
  return result;
}

export function countFaqs(groups: readonly FaqGroup[]): number {
  return groups.reduce((sum, group) => sum + group.items.length, 0);
}
