import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCodes, type BookChapterDto, type BookHeroDto } from '@starborn/contracts';
import { MessageBus, RemoteError } from '@starborn/messaging';
import { renderBook, type Book, type BookFormat } from '@starborn/book';
import type { ObjectStorage } from '@starborn/storage';
import { ApiException } from '../http/http-error.filter.js';
import { OBJECT_STORAGE } from '../media/media.tokens.js';

/** The answer when a stored file or the book cannot be made: the user can only try again. */
export function downloadFailed(logger: Logger, what: string, error: unknown): ApiException {
  logger.error(`Download of ${what} failed: ${(error as Error).message}`);
  return new ApiException({
    status: 500,
    code: ErrorCodes.INTERNAL,
    message: 'Failed to download the file. Please try again later.',
  });
}

export interface BookOptions {
  /**
   * The assets bundle never fails for the storybook's sake: a storybook service that does not answer
   * gives a book without chapters. The export route lets that error through instead (a 5xx to try again).
   */
  chaptersOptional?: boolean;
}

/**
 * Builds a hero's storybook export (EPUB, PDF) for the export route and the assets bundle: the hero as
 * heroes' download manifest gives it (the permission is decided there), the chapters and their
 * illustrations' keys from the storybook service, the pictures from object storage.
 */
@Injectable()
export class HeroBooks {
  private readonly logger = new Logger(HeroBooks.name);

  constructor(
    private readonly bus: MessageBus,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** The book in each format asked, in that order. */
  async render(
    userId: string,
    hero: BookHeroDto,
    formats: readonly BookFormat[],
    options: BookOptions = {},
  ): Promise<Buffer[]> {
    const chapters = await this.chapters(userId, hero.id, options);
    try {
      const book = await this.book(hero, chapters);
      const files: Buffer[] = [];
      for (const format of formats) files.push(await renderBook(book, format));
      return files;
    } catch (error) {
      throw downloadFailed(this.logger, `hero ${hero.id}`, error);
    }
  }

  /** The hero without a storybook (404) or without a premium one (403) has a book without chapters. */
  private async chapters(userId: string, heroId: string, options: BookOptions): Promise<BookChapterDto[]> {
    try {
      return (await this.bus.request('storybook.book-chapters', { userId, heroId })).chapters;
    } catch (error) {
      const refused = error instanceof RemoteError && (error.status === 404 || error.status === 403);
      if (!refused && !options.chaptersOptional) throw error;
      if (!(error instanceof RemoteError && error.status === 404)) {
        this.logger.warn(`The book of hero ${heroId} goes without chapters: ${(error as Error).message}`);
      }
      return [];
    }
  }

  private async book(hero: BookHeroDto, chapters: readonly BookChapterDto[]): Promise<Book> {
    const [cover, ...illustrations] = await Promise.all([
      this.read(hero.coverKey),
      ...chapters.map((chapter) => (chapter.illustrationKey ? this.read(chapter.illustrationKey) : null)),
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
        // A picture that is gone leaves its chapter without one rather than failing the book.
        if (chapter.illustrationKey && !illustrations[index]) {
          this.logger.warn(
            `Illustration ${chapter.illustrationKey} is missing from the book of hero ${hero.id}`,
          );
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

  /** A stored object's bytes, or null when there is none. */
  private async read(key: string): Promise<Buffer | null> {
    const object = await this.storage.get(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
