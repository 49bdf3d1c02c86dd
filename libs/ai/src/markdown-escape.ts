/**
 * User-written text (a hero's name, a chat line) quoted inside markdown the AI writes: every character
 * that could start markup, a link, an autolink (`https:`, `www.`, `a@b`), an HTML tag or entity, or a list
 * or heading at the start of a line gets a backslash, so a markdown renderer shows the text literally.
 */
import type { NarrationRequest } from './types.js';

const MARKUP = /[\\`*_[\]()<>#~|!&:@.+\-=]/g;

export function escapeMarkdown(text: string): string {
  return text.replace(MARKUP, (c) => `\\${c}`);
}

/**
 * Neutralises quotes of `names` in markdown written by a model that was told them: each verbatim
 * occurrence is replaced by its escaped form. Names with no markup character are left alone.
 */
export function escapeQuotedNames(markdown: string, names: readonly string[]): string {
  let out = markdown;
  const risky = [...new Set(names.map((name) => name.trim()))]
    .filter((name) => name && escapeMarkdown(name) !== name)
    // Longer names first, so a name inside another is not escaped twice.
    .sort((a, b) => b.length - a.length);
  for (const name of risky) out = out.split(name).join(escapeMarkdown(name));
  return out;
}

/** A room's narration with the users' text it may quote escaped: heroes' and speakers' names, the title. */
export function escapeNarrationQuotes(narration: string, request: NarrationRequest): string {
  return escapeQuotedNames(narration, [
    ...(request.heroes ?? []).map((hero) => hero?.name ?? ''),
    ...(request.recent ?? []).map((line) => line?.senderName ?? ''),
    request.title ?? '',
  ]);
}
