import type { ChapterDto } from '@starborn/contracts';

/** One chapter of the download bundle: `chapters/chapter-01.md` holding the chapter's markdown. */
export interface ChapterFile {
  path: string;
  text: string;
}

/**
 * The chapters a download bundle holds: every unlocked chapter that has been written, in order, named
 * with a zero-padded number so they sort as they are read. Locked chapters, chapters still being
 * written and failed ones are left out.
 */
export function chapterFiles(chapters: readonly ChapterDto[]): ChapterFile[] {
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
