import { Controller, Get, Inject, Logger, Param, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { BOOK_FORMATS, bookFileName } from '@starborn/book';
import { type DownloadEntry } from '@starborn/contracts';
import { MessageBus, RemoteError } from '@starborn/messaging';
import type { ObjectStorage, StoredObject } from '@starborn/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { OBJECT_STORAGE } from '../media/media.tokens.js';
import { chapterFiles } from './chapter-files.js';
import { downloadFailed, HeroBooks } from './hero-book.js';

/**
 * GET /api/heroes/{id}/download: the heroes service decides permission and what the bundle holds
 * (a manifest of storage keys and texts); this streams the zip straight from object storage, so a
 * bundle is never held in memory whole.
 */
@ApiTags('heroes')
@ApiExtraModels(ErrorResponse)
@ApiBearerAuth()
@Controller('api')
export class DownloadsController {
  private readonly logger = new Logger(DownloadsController.name);

  constructor(
    private readonly bus: MessageBus,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly books: HeroBooks,
  ) {}

  @Get('heroes/:id/download')
  @ApiOperation({
    summary:
      "A paid hero's assets as hero_{id}_assets.zip (images, backstory.md, hero.json, chapters/, and the " +
      'storybook as book/<name>-storybook.epub and .pdf)',
  })
  @ApiProduces('application/zip')
  @ApiResponse({ status: 200, description: 'application/zip, sent as an attachment' })
  // Errors are JSON although the success is a zip: name their content type explicitly.
  @ApiResponse({
    status: 403,
    description: "'You do not have permission to download this hero or payment is required.'",
    content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) } } },
  })
  @ApiResponse({
    status: 404,
    description: "'Hero not found.'",
    content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) } } },
  })
  async download(
    @Param('id') heroId: string,
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const manifest = await this.bus.request('heroes.download-manifest', { userId: user.id, heroId });
    const chapters = await this.unlockedChapters(user.id, heroId);
    // The storybook as a book, both formats, made before anything is opened (it holds no stream).
    const books = await this.books.render(user.id, manifest.book, BOOK_FORMATS, { chaptersOptional: true });

    // Open every stored file before answering, so a missing one is a clean error, not a broken zip.
    const opened: StoredObject[] = [];
    const closeAll = () => opened.forEach((object) => object.body.destroy());
    const files: { path: string; object?: StoredObject; text?: string }[] = [];
    try {
      for (const entry of [...manifest.entries, ...chapters]) {
        if (entry.storageKey === undefined) {
          files.push({ path: entry.path, text: entry.text });
          continue;
        }
        const object = await this.storage.get(entry.storageKey);
        if (!object) throw new Error(`missing object ${entry.storageKey}`);
        opened.push(object);
        files.push({ path: entry.path, object });
      }
    } catch (error) {
      closeAll();
      throw downloadFailed(this.logger, heroId, error);
    }

    const zip = new yazl.ZipFile();
    const mtime = new Date();
    for (const file of files) {
      if (file.object) {
        // PNGs are compressed already: store them as they are.
        zip.addReadStream(file.object.body, file.path, {
          mtime,
          compress: false,
          size: file.object.contentLength,
        });
      } else {
        zip.addBuffer(Buffer.from(file.text ?? '', 'utf8'), file.path, { mtime });
      }
    }
    BOOK_FORMATS.forEach((format, index) => {
      // Both are compressed formats already (the EPUB's text is deflated inside it, its images are PNGs).
      zip.addBuffer(books[index]!, `book/${bookFileName(manifest.book.name, format)}`, {
        mtime,
        compress: false,
      });
    });
    for (const directory of manifest.directories) zip.addEmptyDirectory(directory, { mtime });
    zip.end();
    const output = zip.outputStream as Readable;

    // A storage stream failing halfway aborts the response (the client sees a failed download, not a bad zip).
    zip.on('error', (error: Error) => {
      this.logger.error(`Zip stream of hero ${heroId} failed: ${error.message}`);
      closeAll();
      output.destroy(error);
    });
    reply.raw.on('close', closeAll);

    await reply
      .status(200)
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${manifest.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(output);
  }

  /**
   * The owner's unlocked, written chapters as bundle entries. A hero without a storybook (or a
   * storybook service that does not answer) gives a bundle without chapters, never a failed download.
   */
  private async unlockedChapters(userId: string, heroId: string): Promise<DownloadEntry[]> {
    try {
      const view = await this.bus.request('storybook.get', { userId, heroId });
      return chapterFiles(view.chapters);
    } catch (error) {
      if (!(error instanceof RemoteError && error.status === 404)) {
        this.logger.warn(`Download of hero ${heroId} goes without chapters: ${(error as Error).message}`);
      }
      return [];
    }
  }
}
