import {
  CHINESE_ANIMAL_NAMES,
  MONTH_NAMES,
  WESTERN_SIGNS,
  chineseAnimalInfo,
  westernSignInfo,
  type ChineseAnimal,
  type WesternSignName,
} from '@starborn/zodiac';

/** One chapter of a book, in reading order. */
export interface BookChapter {
  number: number;
  title: string;
  /** The chapter's text as written (markdown). A first heading that repeats the title is left out. */
  markdown: string;
  /** The chapter's picture (PNG or JPEG bytes), or null when it has none. */
  illustration: Uint8Array | null;
}

/** Everything a storybook export shows: the hero, their portrait and their chapters. */
export interface Book {
  /** Stable id of the book (the hero's): the EPUB's identifier. */
  id: string;
  heroName: string;
  /** Calendar date `YYYY-MM-DD`. */
  birthdate: string;
  /** Sign names as the hero carries them, e.g. 'Leo' and 'Horse'. */
  westernSign: string;
  chineseSign: string;
  /** Markdown. */
  backstory: string;
  /** The portrait on the cover (PNG or JPEG bytes). */
  cover: Uint8Array;
  chapters: readonly BookChapter[];
  /** When the book's content last changed (the EPUB's modified date); now when absent. */
  modified?: Date;
}

export type BookFormat = 'epub' | 'pdf';

export const BOOK_FORMATS: readonly BookFormat[] = ['epub', 'pdf'];

export const BOOK_CONTENT_TYPES: Readonly<Record<BookFormat, string>> = {
  epub: 'application/epub+zip',
  pdf: 'application/pdf',
};

/** The hero's name as a file name part: ASCII letters and digits joined by dashes ('hero' if none remain). */
export function bookSlug(heroName: string): string {
  const slug = heroName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'hero';
}

/** `<slug>-storybook.epub` / `.pdf`. */
export function bookFileName(heroName: string, format: BookFormat): string {
  return `${bookSlug(heroName)}-storybook.${format}`;
}

export type ImageType = 'png' | 'jpeg';

/** What an image's bytes are, by their signature; anything else is refused. */
export function imageTypeOf(bytes: Uint8Array): ImageType {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return 'png';
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  throw new TypeError('A book image must be a PNG or a JPEG.');
}

/** '1990-07-25' → 'July 25, 1990'; any other text is shown as it is. */
export function formatBirthdate(birthdate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthdate);
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !month) return birthdate;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

/** One sign of the closing page: its heading and what is said about it. */
export interface ProfileEntry {
  label: string;
  name: string;
  details: string | null;
  description: string | null;
}

/** The closing page's zodiac profile, with the guide's words for each sign the library knows. */
export function zodiacProfile(book: Book): ProfileEntry[] {
  const western = WESTERN_SIGNS.some((sign) => sign.name === book.westernSign)
    ? westernSignInfo(book.westernSign as WesternSignName)
    : null;
  const chinese = CHINESE_ANIMAL_NAMES.includes(book.chineseSign as ChineseAnimal)
    ? chineseAnimalInfo(book.chineseSign as ChineseAnimal)
    : null;
  return [
    {
      label: 'Western sign',
      name: book.westernSign,
      details: western ? `${western.dates} · ${western.element}` : null,
      description: western?.description ?? null,
    },
    {
      label: 'Chinese zodiac',
      name: book.chineseSign,
      details: chinese ? chinese.traits.join(', ') : null,
      description: chinese?.description ?? null,
    },
  ];
}

/** Chapters in reading order. */
export function chaptersInOrder(book: Book): BookChapter[] {
  return [...book.chapters].sort((a, b) => a.number - b.number);
}

/** A chapter's label above its title: 'Chapter 3'. */
export const chapterLabel = (chapter: BookChapter) => `Chapter ${chapter.number}`;

export const BOOK_SUBTITLE = 'A Starborn storybook';
