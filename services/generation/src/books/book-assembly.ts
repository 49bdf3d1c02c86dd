import type { Logger } from '@nestjs/common';
import type { Book, BookSource } from '@starborn/book';
import type { ObjectStorage } from '@starborn/storage';

/** A stored object's bytes, or null when there is none. */
async function read(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The book to render: the hero and chapters as their owners gave them, with the cover and the chapters'
 * pictures read from object storage. A missing cover fails the book; a missing picture leaves its
 * chapter without one.
 */
export async function assembleBook(
  storage: ObjectStorage,
  source: BookSource,
  logger: Logger,
): Promise<Book> {
  const { hero, chapters } = source;
  const [cover, ...illustrations] = await Promise.all([
    read(storage, hero.coverKey),
    ...chapters.map((chapter) => (chapter.illustrationKey ? read(storage, chapter.illustrationKey) : null)),
  ]);
  if (!cover) throw new Error(`missing object ${hero.coverKey}`);
  return {
    id: hero.id,
    heroName: hero.name,
    birthdate: hero.birthdate,
    westernSign: hero.westernZodiac,
    chineseSign: hero.chineseZodiac,
    backstory: hero.backstory,
    cover,
    chapters: chapters.map((chapter, index) => {
      if (chapter.illustrationKey && !illustrations[index]) {
        logger.warn(`Illustration ${chapter.illustrationKey} is missing from the book of hero ${hero.id}`);
      }
      return {
        number: chapter.chapterNumber,
        title: chapter.title,
        markdown: chapter.content,
        illustration: illustrations[index] ?? null,
      };
    }),
  };
}
