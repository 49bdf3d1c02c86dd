import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  bookStorageKey,
  bookVersion,
  bundleStorageKey,
  bundleVersion,
  chapterFiles,
  type BookFormat,
} from '@starborn/book';
import {
  bookRenderJobId,
  ErrorCodes,
  JobQueues,
  type BookChapterDto,
  type BookPreparingDto,
  type BookRenderJob,
  type ChapterDto,
  type DownloadManifest,
} from '@starborn/contracts';
import { JobQueue, MessageBus, RemoteError } from '@starborn/messaging';
import type { ObjectStorage, StoredObject } from '@starborn/storage';
import type { FastifyReply } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/http-error.filter.js';
import { OBJECT_STORAGE } from '../media/media.tokens.js';

/** The answer when a stored file or the book cannot be had: the user can only try again. */
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

/** The stored books of one version, opened for streaming, in the order asked; or not rendered yet. */
export type PreparedBooks = { ready: true; files: StoredObject[] } | { ready: false };

/**
 * The manifest and what was asked beside it, both asked at once; the manifest's refusal (the hero is not
 * the user's, or not paid) is the answer whatever happened to the other question.
 */
async function manifestFirst<T>(
  manifest: Promise<DownloadManifest>,
  other: Promise<T>,
): Promise<[DownloadManifest, T]> {
  other.catch(() => undefined);
  return [await manifest, await other];
}

/** First and longest pause between two looks at storage while a book is being rendered. */
const FIRST_POLL_MS = 50;
const LONGEST_POLL_MS = 400;

/**
 * A hero's storybook as books (EPUB, PDF) for the export route and the assets bundle. The gateway never
 * renders one: it works out the version of the book's content (hero from heroes' download manifest,
 * whose permission rule has been applied; chapters from storybook), streams that version's stored file
 * when the book worker has rendered it, and otherwise asks the worker for it and waits a while.
 */
@Injectable()
export class HeroBooks implements OnApplicationShutdown {
  private readonly logger = new Logger(HeroBooks.name);
  private readonly queue: JobQueue<BookRenderJob>;

  constructor(
    private readonly bus: MessageBus,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.queue = new JobQueue(JobQueues.bookRender, { url: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  /**
   * The hero's manifest (heroes applies the permission rule: a refusal is thrown as it came) and its
   * book in each format asked, once stored: at once when this version was rendered before, after the
   * worker rendered it when that takes less than BOOK_WAIT_MS, else `ready: false` (answer 202). The
   * owners are asked at once, not one after the other: this is the path of every repeat download.
   */
  async prepare(
    userId: string,
    heroId: string,
    formats: readonly BookFormat[],
  ): Promise<{ manifest: DownloadManifest; books: PreparedBooks }> {
    const [manifest, chapters] = await manifestFirst(
      this.manifest(userId, heroId),
      this.chapters(userId, heroId, {}),
    );
    const version = bookVersion({ hero: manifest.book, chapters });
    const keys = formats.map((format) => bookStorageKey(heroId, version, format));
    return { manifest, books: await this.stored(userId, heroId, version, keys) };
  }

  /**
   * The manifest and the assets bundle (zip) it describes, once stored, as `prepare`: the book worker
   * makes it with the books, so the gateway streams one object instead of zipping on each download.
   */
  async prepareBundle(
    userId: string,
    heroId: string,
  ): Promise<{ manifest: DownloadManifest; bundle: PreparedBooks }> {
    const [manifest, [chapters, readerChapters]] = await manifestFirst(
      this.manifest(userId, heroId),
      Promise.all([
        this.chapters(userId, heroId, { chaptersOptional: true }),
        this.readerChapters(userId, heroId),
      ]),
    );
    const version = bookVersion({ hero: manifest.book, chapters });
    const files = chapterFiles(readerChapters);
    const key = bundleStorageKey(heroId, bundleVersion(version, manifest, files));
    return { manifest, bundle: await this.stored(userId, heroId, version, [key]) };
  }

  private manifest(userId: string, heroId: string): Promise<DownloadManifest> {
    return this.bus.request('heroes.download-manifest', { userId, heroId });
  }

  /** The stored files of a version: at once, or once the worker made them (asked here), or not yet. */
  private async stored(
    userId: string,
    heroId: string,
    version: string,
    keys: readonly string[],
  ): Promise<PreparedBooks> {
    try {
      if (!(await this.allStored(keys))) {
        const job = { userId, heroId, version };
        await this.queue.add(job, bookRenderJobId(job));
        if (!(await this.waitForStored(keys))) return { ready: false };
      }
      return { ready: true, files: await this.open(keys) };
    } catch (error) {
      throw downloadFailed(this.logger, `the book of hero ${heroId}`, error);
    }
  }

  /** The 202 of a book not rendered yet: when to ask again, in the body and as Retry-After. */
  async sendPreparing(reply: FastifyReply): Promise<void> {
    const retryAfterMs = this.config.BOOK_RETRY_AFTER_MS;
    const body: BookPreparingDto = { status: 'preparing', retryAfterMs };
    await reply
      .status(202)
      .header('retry-after', String(Math.ceil(retryAfterMs / 1000)))
      .header('cache-control', 'private, no-store')
      .send(body);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }

  private async allStored(keys: readonly string[]): Promise<boolean> {
    const stored = await Promise.all(keys.map((key) => this.storage.exists(key)));
    return stored.every(Boolean);
  }

  /** Looks at storage, more and more slowly, until every key is there or BOOK_WAIT_MS has passed. */
  private async waitForStored(keys: readonly string[]): Promise<boolean> {
    const deadline = Date.now() + this.config.BOOK_WAIT_MS;
    let pause = FIRST_POLL_MS;
    while (Date.now() < deadline) {
      await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
      if (await this.allStored(keys)) return true;
      pause = Math.min(LONGEST_POLL_MS, pause * 2);
    }
    return false;
  }

  /** Opens every stored book; one gone in between (an account deleted) closes the others and fails. */
  private async open(keys: readonly string[]): Promise<StoredObject[]> {
    const files: StoredObject[] = [];
    try {
      for (const key of keys) {
        const object = await this.storage.get(key);
        if (!object) throw new Error(`missing object ${key}`);
        files.push(object);
      }
      return files;
    } catch (error) {
      for (const file of files) file.body.destroy();
      throw error;
    }
  }

  /**
   * The chapters as their reader sees them, for the bundle's markdown files. A hero without a storybook
   * (or a storybook service that does not answer) gives a bundle without chapters, never a failed download.
   */
  private async readerChapters(userId: string, heroId: string): Promise<ChapterDto[]> {
    try {
      return (await this.bus.request('storybook.get', { userId, heroId })).chapters;
    } catch (error) {
      if (!(error instanceof RemoteError && error.status === 404)) {
        this.logger.warn(`Download of hero ${heroId} goes without chapters: ${(error as Error).message}`);
      }
      return [];
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
}
