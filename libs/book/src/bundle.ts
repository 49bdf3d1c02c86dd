import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { collect } from './collect.js';

/** One chapter of the download bundle: `chapters/chapter-01.md` holding the chapter's markdown. */
export interface ChapterFile {
  path: string;
  text: string;
}

/** A chapter as the storybook shows it to its reader. */
export interface ReaderChapter {
  chapterNumber: number;
  unlocked: boolean;
  content?: string | null;
}

/**
 * The chapters a download bundle holds: every unlocked chapter that has been written, in order, named
 * with a zero-padded number so they sort as they are read. Locked chapters, chapters still being
 * written and failed ones are left out.
 */
export function chapterFiles(chapters: readonly ReaderChapter[]): ChapterFile[] {
  const written = chapters
    .filter(
      (chapter) => chapter.unlocked && typeof chapter.content === 'string' && chapter.content.trim() !== '',
    )
    .sort((a, b) => a.chapterNumber - b.chapterNumber);
  const width = Math.max(2, String(Math.max(0, ...chapters.map((chapter) => chapter.chapterNumber))).length);
  return written.map((chapter) => ({
    path: `chapters/chapter-${String(chapter.chapterNumber).padStart(width, '0')}.md`,
    text: chapter.content!.endsWith('\n') ? chapter.content! : `${chapter.content!}\n`,
  }));
}

/** What the heroes service says a bundle holds: stored objects and texts, and its empty folders. */
export interface BundleManifest {
  fileName: string;
  entries: readonly ({ path: string; storageKey: string } | { path: string; text: string })[];
  directories: readonly string[];
}

/**
 * The version of a download bundle: its book's version and everything else in it (the manifest's
 * files and texts, the chapters' files). Stored objects are named by key: the hero's pictures are
 * written once under their key and never changed in place.
 */
export function bundleVersion(
  bookVersion: string,
  manifest: BundleManifest,
  chapters: readonly ChapterFile[],
): string {
  const content = { bookVersion, manifest, chapters };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
}

/** Where a rendered bundle is stored: beside its books, under the hero's media folder. */
export function bundleStorageKey(heroId: string, version: string): string {
  return `heroes/${heroId}/books/${version}.zip`;
}

/** One file of a zip: bytes, or a stream of a known size (a stored object). */
export type ZipEntry =
  { path: string; bytes: Buffer; compress: boolean } | { path: string; stream: Readable; size: number };

/** The files (and empty folders) as one zip's bytes. Streams are stored as they are (PNGs, books). */
export async function zipFiles(
  entries: readonly ZipEntry[],
  directories: readonly string[],
  mtime: Date,
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if ('stream' in entry)
      zip.addReadStream(entry.stream, entry.path, { mtime, compress: false, size: entry.size });
    else zip.addBuffer(entry.bytes, entry.path, { mtime, compress: entry.compress });
  }
  for (const directory of directories) zip.addEmptyDirectory(directory, { mtime });
  zip.end();
  return collect(zip.outputStream as AsyncIterable<unknown>);
}
