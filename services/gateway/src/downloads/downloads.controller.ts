import { Controller, Get, Param, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { BookExportLimiter } from './book-export-limiter.js';
import { bookPreparingAnswer, BookPreparingResponse } from './book-preparing.dto.js';
import { HeroBooks } from './hero-book.js';

/**
 * GET /api/heroes/{id}/download: the heroes service decides permission and what the bundle holds
 * (a manifest of storage keys and texts); the book worker zips it with the storybook's books once per
 * version, and this streams the stored zip (see HeroBooks), or answers 202 while it is being made.
 */
@ApiTags('heroes')
@ApiExtraModels(ErrorResponse, BookPreparingResponse)
@ApiBearerAuth()
@Controller('api')
export class DownloadsController {
  constructor(
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
  @ApiResponse(bookPreparingAnswer('The storybook’s book'))
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
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.limiter.consume(user.id);
    const { manifest, bundle } = await this.books.prepareBundle(user.id, heroId);
    if (!bundle.ready) return this.books.sendPreparing(reply);
    const [zip] = bundle.files;
    await reply
      .status(200)
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${manifest.fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('content-length', String(zip!.contentLength))
      .send(zip!.body);
  }
}
