import { describe, expect, it } from '@jest/globals';
import { bundleVersion } from './bundle.js';
import { bookStorageKey, bookVersion, type BookSource } from './version.js';

const source = (): BookSource => ({
  hero: {
    id: 'h1',
    name: 'Orion Vale',
    birthdate: '1988-10-30',
    westernZodiac: 'Scorpio',
    chineseZodiac: 'Dragon',
    backstory: 'Born under a restless sky.',
    coverKey: 'heroes/h1/full/front.png',
  },
  chapters: [
    {
      chapterNumber: 1,
      title: 'One',
      content: 'Text one.',
      illustrationKey: 'storybooks/s/chapters/1/a.png',
    },
    { chapterNumber: 2, title: 'Two', content: 'Text two.', illustrationKey: null },
  ],
});

describe('book versions', () => {
  it('is the same for the same content, whatever the chapters’ order', () => {
    const reordered = source();
    reordered.chapters = [...reordered.chapters].reverse();
    expect(bookVersion(source())).toBe(bookVersion(reordered));
    expect(bookVersion(source())).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes with a new chapter, a new picture, a changed text or a renamed hero', () => {
    const versions = new Set([bookVersion(source())]);
    const withChapter = source();
    withChapter.chapters = [
      ...withChapter.chapters,
      { chapterNumber: 3, title: 'Three', content: 'Text three.', illustrationKey: null },
    ];
    versions.add(bookVersion(withChapter));
    const withPicture = source();
    withPicture.chapters = [
      { ...withPicture.chapters[0]!, illustrationKey: 'storybooks/s/chapters/1/b.png' },
    ];
    versions.add(bookVersion(withPicture));
    const edited = source();
    edited.chapters = [{ ...edited.chapters[0]!, content: 'Text one, again.' }, edited.chapters[1]!];
    versions.add(bookVersion(edited));
    versions.add(bookVersion({ ...source(), hero: { ...source().hero, name: 'Orion Vael' } }));
    expect(versions.size).toBe(5);
  });

  it('stores books under the hero’s media folder, and a bundle’s version follows its manifest', () => {
    expect(bookStorageKey('h1', 'abc', 'pdf')).toBe('heroes/h1/books/abc.pdf');
    const manifest = {
      fileName: 'hero_h1_assets.zip',
      entries: [{ path: 'a.png', storageKey: 'k' }],
      directories: [],
    };
    const chapters = [{ path: 'chapters/chapter-01.md', text: 'x\n' }];
    expect(bundleVersion('v', manifest, chapters)).toBe(bundleVersion('v', manifest, chapters));
    expect(bundleVersion('v', manifest, chapters)).not.toBe(bundleVersion('w', manifest, chapters));
    expect(bundleVersion('v', manifest, chapters)).not.toBe(bundleVersion('v', manifest, []));
  });
});
