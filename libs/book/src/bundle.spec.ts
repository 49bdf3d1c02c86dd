import { describe, expect, it } from '@jest/globals';
import type { ChapterDto } from '@starborn/contracts';
import { chapterFiles } from './bundle.js';

const chapter = (
  n: number,
  unlocked: boolean,
  content: string | null,
  status: ChapterDto['status'] = 'ready',
) =>
  ({
    chapterNumber: n,
    chapter_number: n,
    unlocked,
    status,
    title: content ? `Chapter ${n}` : null,
    content,
    illustration: null,
  }) satisfies ChapterDto;

describe('chapter files of the download bundle', () => {
  it('holds the unlocked, written chapters in order, zero-padded', () => {
    const files = chapterFiles([
      chapter(2, true, '# Two\n\nText two.\n'),
      chapter(1, true, '# One\n\nText one.'),
      chapter(3, true, null, 'generating'),
      chapter(4, false, null, 'ready'),
      chapter(10, false, null, 'pending'),
    ]);
    expect(files).toEqual([
      { path: 'chapters/chapter-01.md', text: '# One\n\nText one.\n' },
      { path: 'chapters/chapter-02.md', text: '# Two\n\nText two.\n' },
    ]);
  });

  it('is empty without chapters, and widens the number past 99', () => {
    expect(chapterFiles([])).toEqual([]);
    const many = Array.from({ length: 120 }, (_, i) => chapter(i + 1, i === 0, i === 0 ? 'x' : null));
    expect(chapterFiles(many)).toEqual([{ path: 'chapters/chapter-001.md', text: 'x\n' }]);
  });

  it('leaves out a locked chapter even if it carried text', () => {
    expect(chapterFiles([chapter(1, false, 'secret')])).toEqual([]);
  });
});
