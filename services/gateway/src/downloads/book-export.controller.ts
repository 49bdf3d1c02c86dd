import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { BOOK_CONTENT_TYPES, BOOK_FORMATS, bookFileName, type BookFormat } from '@starborn/book';
import { DOWNLOAD_FORBIDDEN_MESSAGE, ErrorCodes } from '@starborn/contracts';
import type { FastifyReply } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { ApiException } from '../http/http-error.filter.js';
import { BookExportLimiter } from './book-export-limiter.js';
import { bookPreparingAnswer, BookPreparingResponse } from './book-preparing.dto.js';
import { HeroBooks } from './hero-book.js';

export const BOOK_FORMAT_MESSAGE = 'Choose the book’s format: format must be epub or pdf.';

const errorContent = { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) } } };

/**
 * GET /api/heroes/{heroId}/storybook/export?format=epub|pdf: the paid owner's storybook as a book.
 * Who may have it is the assets bundle's rule (heroes' download manifest). The book worker renders each
 * version of the book once; this streams the stored file, or answers 202 while it is being rendered.
 */
@ApiTags('heroes')
@ApiExtraModels(ErrorResponse, BookPreparingResponse)
@ApiBearerAuth()
@Controller('api')
export class BookExportController {
  constructor(
    private readonly books: HeroBooks,
    private readonly limiter: BookExportLimiter,
  ) {}

  @Get('heroes/:heroId/storybook/export')
  @ApiOperation({
    summary:
      "A paid hero's storybook as a book, <name>-storybook.epub or .pdf: cover, title page, backstory, " +
      'the written chapters with their illustrations, and the zodiac profile',
  })
  @ApiQuery({ name: 'format', enum: BOOK_FORMATS, required: true })
  @ApiProduces(...Object.values(BOOK_CONTENT_TYPES))
  @ApiResponse({ status: 200, description: 'application/epub+zip or application/pdf, sent as an attachment' })
  @ApiResponse(bookPreparingAnswer('The book'))
  // Errors are JSON although the success is a book: name their content type explicitly.
  @ApiResponse({ status: 400, description: `'${BOOK_FORMAT_MESSAGE}'`, content: errorContent })
  @ApiResponse({ status: 401, description: 'Not signed in.', content: errorContent })
  @ApiResponse({ status: 403, description: `'${DOWNLOAD_FORBIDDEN_MESSAGE}'`, content: errorContent })
  @ApiResponse({ status: 404, description: "'Hero not found.'", content: errorContent })
  @ApiResponse({ status: 409, description: 'The hero is still being created.', content: errorContent })
  @ApiResponse({ status: 429, description: 'Too many book downloads for this user.', content: errorContent })
  async export(
    @Param('heroId') heroId: string,
    @Query('format') format: unknown,
    @CurrentUser() user: AuthenticatedUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!BOOK_FORMATS.includes(format as BookFormat)) {
      throw new ApiException({
        status: 400,
        code: ErrorCodes.VALIDATION_FAILED,
        message: BOOK_FORMAT_MESSAGE,
      });
    }
    const bookFormat = format as BookFormat;
    await this.limiter.consume(user.id);
    const { manifest, books } = await this.books.prepare(user.id, heroId, [bookFormat]);
    if (!books.ready) return this.books.sendPreparing(reply);
    const [file] = books.files;
    await reply
      .status(200)
      .header('content-type', BOOK_CONTENT_TYPES[bookFormat])
      .header('content-disposition', `attachment; filename="${bookFileName(manifest.book.name, bookFormat)}"`)
      .header('cache-control', 'private, no-store')
      .header('content-length', String(file!.contentLength))
      .send(file!.body);
  }
}
