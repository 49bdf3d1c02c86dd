import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  BOOK_CONTENT_TYPES,
  BOOK_FORMATS,
  bookStorageKey,
  bookVersion,
  renderBook,
  type BookFormat,
  type BookSource,
} from '@starborn/book';
import { JobQueues, type BookChapterDto, type BookRenderJob } from '@starborn/contracts';
import { MessageBus, QueueWorker, RemoteError } from '@starborn/messaging';
import type { ObjectStorage } from '@starborn/storage';
import { UnrecoverableError, type Job } from 'bullmq';
import { GENERATION_CONFIG, type GenerationConfig } from '../config.js';
import { OBJECT_STORAGE } from '../tokens.js';
import { assembleBook } from './book-assembly.js';

/** Heroes or storybook refusing the owner: the hero is gone, or no longer theirs to export. */
const refused = (error: unknown) =>
  error instanceof RemoteError && (error.status === 404 || error.status === 403);

/**
 * Draws `generation.book` jobs: asks heroes (the hero, with the owner's permission) and storybook (the
 * released chapters) for the book's content, renders each format whose file for this version is not
 * stored yet, and stores it under the hero's media folder. The gateway only streams what is stored,
 * so rendering (seconds of CPU for a PDF) never runs on the public edge, and a version is rendered
 * once whoever asks for it.
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
    const source = await this.source(userId, heroId);
    const version = bookVersion(source);
    const keys = BOOK_FORMATS.map((format) => bookStorageKey(heroId, version, format));
    const missing: BookFormat[] = [];
    for (const [index, format] of BOOK_FORMATS.entries()) {
      if (!(await this.storage.exists(keys[index]!))) missing.push(format);
    }
    if (missing.length === 0) return;
    const book = await assembleBook(this.storage, source, this.logger);
    // One format at a time, each stored as soon as it is made: an EPUB export need not wait for the PDF.
    for (const format of missing) {
      await this.storage.put(
        bookStorageKey(heroId, version, format),
        await renderBook(book, format),
        BOOK_CONTENT_TYPES[format],
      );
    }
    await this.forgetIfDeleted(userId, heroId, keys);
    this.logger.log(
      `Rendered ${missing.join(' and ')} of hero ${heroId} (version ${version}) in ${Math.round(performance.now() - started)} ms`,
    );
  }

  /** The book's content; a hero that is gone or not the owner's fails the job for good. */
  private async source(userId: string, heroId: string): Promise<BookSource> {
    let hero: BookSource['hero'];
    try {
      hero = (await this.bus.request('heroes.download-manifest', { userId, heroId })).book;
    } catch (error) {
      if (refused(error))
        throw new UnrecoverableError(`hero ${heroId} has no book for its owner: ${(error as Error).message}`);
      throw error;
    }
    return { hero, chapters: await this.chapters(userId, heroId) };
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

  /**
   * The account may have been deleted while the book was rendered, after its media folder was emptied:
   * then what was just stored is removed again.
   */
  private async forgetIfDeleted(userId: string, heroId: string, keys: readonly string[]): Promise<void> {
    try {
      await this.bus.request('heroes.download-manifest', { userId, heroId });
    } catch (error) {
      if (!refused(error)) return;
      await Promise.all(keys.map((key) => this.storage.delete(key)));
      this.logger.warn(`Hero ${heroId} was deleted while its book was rendered: the book is removed`);
    }
  }
}
