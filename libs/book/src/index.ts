export {
  type Book,
  type BookChapter,
  type BookFormat,
  BOOK_FORMATS,
  BOOK_CONTENT_TYPES,
  bookSlug,
  bookFileName,
  formatBirthdate,
  zodiacProfile,
} from './book.js';
export { renderEpub } from './epub.js';
export { renderPdf } from './pdf.js';
export { SYSTEM_CJK_FONT_FILES } from './fonts.js';
export {
  chapterFiles,
  bundleVersion,
  bundleStorageKey,
  zipFiles,
  type ChapterFile,
  type ReaderChapter,
  type BundleManifest,
  type ZipEntry,
} from './bundle.js';
export {
  BOOK_RENDERER_VERSION,
  bookVersion,
  bookStorageKey,
  booksRendered,
  type BookSource,
} from './version.js';
export { markdownToXhtml, markdownBlocks, type TextBlock, type TextRun } from './markdown.js';

import type { Book, BookFormat } from './book.js';
import { renderEpub } from './epub.js';
import { renderPdf } from './pdf.js';

/** The book in one of its formats. */
export function renderBook(book: Book, format: BookFormat): Promise<Buffer> {
  return format === 'epub' ? renderEpub(book) : renderPdf(book);
}
