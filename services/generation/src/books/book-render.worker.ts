import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  BOOK_CONTENT_TYPES,
  BOOK_FORMATS,
  bookFileName,
  bookStorageKey,
  bookVersion,
  bundleStorageKey,
  bundleVersion,
  chapterFiles,
  renderBook,
  zipFiles,
  type BookFormat,
  type BookSource,
  type ChapterFile,
  type ZipEntry,
} from '@starborn/book';
import {
  JobQueues,
  type BookChapterDto,
  type BookRenderJob,
  type ChapterDto,
  type DownloadManifest,
} from '@starborn/contracts';
import { MessageBus, QueueWorker, RemoteError } from '@starborn/messaging';
import type { ObjectStorage } from '@starborn/storage';
import { UnrecoverableError, type Job } from 'bullmq';
import { GENERATION_CONFIG, type GenerationConfig } from '../config.js';
import { OBJECT_STORAGE } from '../tokens.js';
import { assembleBook } from './book-assembly.js';

/** The folder of a hero's books and bundles, inside its media folder (deleted with the hero). */
const booksPrefix = (heroId: string) => `heroes/${heroId}/books/`;

/** Heroes or storybook refusing the owner: the hero is gone, or no longer theirs to export. */
const refused = (error: unknown) =>
  error instanceof RemoteError && (error.status === 404 || error.status === 403);

/**
 * Draws `generation.book` jobs: asks heroes (the hero and the bundle's manifest, with the owner's
 * permission) and storybook (the released chapters) for the content, renders each book format whose
 * file for this version is not stored yet, then the assets bundle (zip) of this version, and stores
 * them under the hero's media folder; a new version replaces the hero's older ones. The gateway only
 * streams what is stored, so rendering (seconds of CPU for a PDF, a checksum over tens of megabytes for
 * a zip) never runs on the public edge, and a version is rendered once whoever asks for it.
 */
@Injectable()
export class BookRenderWorker
  extends QueueWorker<BookRenderJob>
  implements OnModuleInit, OnApplicationShutdown
{
  constructor(
    private readonly bus: MessageBus,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GENERATION_CONFIG) config: GenerationConfig,
  ) {
    super(
      JobQueues.bookRender,
      { url: config.REDIS_URL, prefix: config.REDIS_PREFIX },
      { concurrency: config.BOOK_RENDER_CONCURRENCY, lockMs: config.BOOK_RENDER_LOCK_MS },
    );
  }

  onModuleInit(): void {
    this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  protected async process(job: Job<BookRenderJob>): Promise<void> {
    const started = performance.now();
    const { userId, heroId } = job.data;
    const manifest = await this.manifest(userId, heroId);
    const source: BookSource = { hero: manifest.book, chapters: await this.chapters(userId, heroId) };
    const version = bookVersion(source);
    const bookKeys = BOOK_FORMATS.map((format) => bookStorageKey(heroId, version, format));
    const chapters = chapterFiles(await this.readerChapters(userId, heroId));
    const bundleKey = bundleStorageKey(heroId, bundleVersion(version, manifest, chapters));

    const missing: BookFormat[] = [];
    for (const [index, format] of BOOK_FORMATS.entries()) {
      if (!(await this.storage.exists(bookKeys[index]!))) missing.push(format);
    }
    const bundleMissing = !(await this.storage.exists(bundleKey));
    if (missing.length === 0 && !bundleMissing) return;
    // A new version of the book: the older versions' files are of no use any more.
    if (missing.length === BOOK_FORMATS.length) await this.storage.deletePrefix(booksPrefix(heroId));

    const books = new Map<BookFormat, Buffer>();
    if (missing.length > 0) {
      const book = await assembleBook(this.storage, source, this.logger);
      // One format at a time, each stored as soon as it is made: an EPUB export need not wait for the PDF.
      for (const format of missing) {
        const bytes = await renderBook(book, format);
        await this.storage.put(bookStorageKey(heroId, version, format), bytes, BOOK_CONTENT_TYPES[format]);
        books.set(format, bytes);
      }
    }
    if (bundleMissing) {
      for (const [index, format] of BOOK_FORMATS.entries()) {
        if (!books.has(format)) books.set(format, await this.read(bookKeys[index]!));
      }
      await this.storage.put(bundleKey, await this.bundle(manifest, chapters, books), 'application/zip');
    }
    await this.forgetIfDeleted(userId, heroId);
    this.logger.log(
      `Rendered ${[...missing, ...(bundleMissing ? ['zip'] : [])].join(', ')} of hero ${heroId} ` +
        `(version ${version}) in ${Math.round(performance.now() - started)} ms`,
    );
  }

  /**
   * The assets bundle: the manifest's stored pictures and texts, the chapters' markdown and both books.
   */
  private async bundle(
    manifest: DownloadManifest,
    chapters: readonly ChapterFile[],
    books: ReadonlyMap<BookFormat, Buffer>,
  ): Promise<Buffer> {
    const entries: ZipEntry[] = [];
    try {
      for (const entry of manifest.entries) {
        if (entry.storageKey === undefined) {
          entries.push({ path: entry.path, bytes: Buffer.from(entry.text, 'utf8'), compress: true });
          continue;
        }
        const object = await this.storage.get(entry.storageKey);
        if (!object) throw new Error(`missing object ${entry.storageKey}`);
        entries.push({ path: entry.path, stream: object.body, size: object.contentLength });
      }
    } catch (error) {
      for (const entry of entries) if ('stream' in entry) entry.stream.destroy();
      throw error;
    }
    for (const chapter of chapters) {
      entries.push({ path: chapter.path, bytes: Buffer.from(chapter.text, 'utf8'), compress: true });
    }
    for (const format of BOOK_FORMATS) {
      // Both are compressed formats already (the EPUB's text is deflated inside it, its images are PNGs).
      entries.push({
        path: `book/${bookFileName(manifest.book.name, format)}`,
        bytes: books.get(format)!,
        compress: false,
      });
    }
    return zipFiles(entries, manifest.directories, new Date());
  }

  /** What heroes says the bundle and the book hold; a hero gone or not the owner's fails the job for good. */
  private async manifest(userId: string, heroId: string): Promise<DownloadManifest> {
    try {
      return await this.bus.request('heroes.download-manifest', { userId, heroId });
    } catch (error) {
      if (refused(error)) {
        throw new UnrecoverableError(`hero ${heroId} has no book for its owner: ${(error as Error).message}`);
      }
      throw error;
    }
  }

  /** The released chapters; a hero without a (premium) storybook has a book without chapters. */
  private async chapters(userId: string, heroId: string): Promise<BookChapterDto[]> {
    try {
      return (await this.bus.request('storybook.book-chapters', { userId, heroId })).chapters;
    } catch (error) {
      if (refused(error)) return [];
      throw error;
    }
  }

  /** The chapters as their reader sees them (the bundle's markdown files); none without a storybook. */
  private async readerChapters(userId: string, heroId: string): Promise<ChapterDto[]> {
    try {
      return (await this.bus.request('storybook.get', { userId, heroId })).chapters;
    } catch (error) {
      if (error instanceof RemoteError && error.status === 404) return [];
      throw error;
    }
  }

  private async read(key: string): Promise<Buffer> {
    const object = await this.storage.get(key);
    if (!object) throw new Error(`missing object ${key}`);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * The account may have been deleted while the book was rendered, after its media folder was emptied:
   * then what was just stored is removed again.
   */
  private async forgetIfDeleted(userId: string, heroId: string): Promise<void> {
    try {
      await this.bus.request('heroes.download-manifest', { userId, heroId });
    } catch (error) {
      if (!refused(error)) return;
      await this.storage.deletePrefix(booksPrefix(heroId));
      this.logger.warn(`Hero ${heroId} was deleted while its book was rendered: the book is removed`);
    }
  }
}
