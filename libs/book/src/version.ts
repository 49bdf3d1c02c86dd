import { createHash } from 'node:crypto';
import type { BookFormat } from './book.js';

/**
 * Raised whenever the renderers change what they make from the same content, so every stored book is
 * made again with the new renderer.
 */
export const BOOK_RENDERER_VERSION = 1;

/** What a book is made of, as the heroes and storybook services hand it out. */
export interface BookSource {
  hero: {
    id: string;
    name: string;
    birthdate: string;
    westernZodiac: string;
    chineseZodiac: string;
    backstory: string;
    coverKey: string;
  };
  chapters: readonly {
    chapterNumber: number;
    title: string;
    content: string;
    illustrationKey: string | null;
  }[];
}

/**
 * The version of a book: a hash of everything that goes into it (the hero's texts and signs, the
 * released chapters and their illustrations' keys, the renderer's version). The same content always
 * gives the same version, a new chapter or a new picture a new one.
 */
export function bookVersion(source: BookSource): string {
  const { hero } = source;
  const content = {
    renderer: BOOK_RENDERER_VERSION,
    hero: [
      hero.id,
      hero.name,
      hero.birthdate,
      hero.westernZodiac,
      hero.chineseZodiac,
      hero.backstory,
      hero.coverKey,
    ],
    chapters: [...source.chapters]
      .sort((a, b) => a.chapterNumber - b.chapterNumber)
      .map((chapter) => [chapter.chapterNumber, chapter.title, chapter.content, chapter.illustrationKey]),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
}

/**
 * Where a rendered book is stored: under the hero's media folder, so the hero's deletion (its whole
 * `heroes/<id>/` prefix) removes its books too.
 */
export function bookStorageKey(heroId: string, version: string, format: BookFormat): string {
  return `heroes/${heroId}/books/${version}.${format}`;
}

let rendered = 0;

/** Counts one rendering in this process (the renderers call it). */
export function countRendering(): void {
  rendered += 1;
}

/** How many books this process has rendered: lets a test prove a process renders none. */
export function booksRendered(): number {
  return rendered;
}
