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
import type { ObjectStorage } from '@starborn/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { OBJECT_STORAGE } from '../media/media.tokens.js';
import { chapterFiles } from './chapter-files.js';
import { BookExportLimiter } from './book-export-limiter.js';
import { downloadFailed, HeroBooks } from './hero-book.js';
import { openStoredFiles, sendZip, type ZipFile } from './zip-stream.js';

/**
 * GET /api/heroes/{id}/download: the heroes service decides permission and what the bundle holds
 * (a manifest of storage keys and texts); this streams the zip straight from object storage, so a
 * bundle is never held in memory whole. Its books are the book worker's stored files (see HeroBooks).
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
    private readonly limiter: BookExportLimiter,
  ) {}

  @Get('heroes/:id/download')
  @ApiOperation({
    summary:
      "A paid hero's assets as hero_{id}_assets.zip (images, backstory.md, hero.json, chapters/, and the " +
      'storybook as book/<name>-storybook.epub and .pdf)',
  })
  @ApiProduces('application/zip')
  @ApiResponse({ status: 200, description: 'application/zip, sent as an attachment' })
  @ApiResponse({
    status: 202,
    description:
      'The storybook’s books are still being rendered: { status: "preparing", retryAfterMs }, with Retry-After.',
  })
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
  @ApiResponse({
    status: 429,
    description: 'Too many book downloads for this user.',
    content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) } } },
  })
  async download(
    @Param('id') heroId: string,
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.limiter.consume(user.id);
    const manifest = await this.bus.request('heroes.download-manifest', { userId: user.id, heroId });
    const chapters = await this.unlockedChapters(user.id, heroId);
    // The storybook as a book, both formats, as the book worker stored them (opened first: they are
    // the part that may not be ready yet).
    const books = await this.books.prepare(user.id, manifest.book, BOOK_FORMATS, { chaptersOptional: true });
    if (!books.ready) return this.books.sendPreparing(reply);

    let files: ZipFile[];
    try {
      files = await openStoredFiles(this.storage, [...manifest.entries, ...chapters]);
    } catch (error) {
      for (const book of books.files) book.body.destroy();
      throw downloadFailed(this.logger, `hero ${heroId}`, error);
    }
    BOOK_FORMATS.forEach((format, index) => {
      // Stored objects are zipped as they are: both formats are compressed already.
      files.push({ path: `book/${bookFileName(manifest.book.name, format)}`, object: books.files[index]! });
    });
    await sendZip(reply, this.logger, {
      fileName: manifest.fileName,
      files,
      directories: manifest.directories,
      description: `hero ${heroId}`,
    });
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
