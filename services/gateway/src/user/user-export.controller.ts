import { Controller, Get, Inject, Logger, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { MessageBus } from '@starborn/messaging';
import type { ObjectStorage } from '@starborn/storage';
import type { FastifyReply } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { downloadFailed } from '../downloads/hero-book.js';
import { openStoredFiles, sendZip, type ZipFile } from '../downloads/zip-stream.js';
import { UserActionRateLimiter } from '../limits/user-action-rate-limiter.js';
import { OBJECT_STORAGE } from '../media/media.tokens.js';
import { exportFileName, userExportEntries } from './user-export.layout.js';

const errorContent = { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) } } };

/**
 * GET /api/user/export: everything the signed-in user has, as one zip. Each service answers with the
 * data it owns (and decides what its owner may have); this gathers the parts and streams the pictures
 * straight from object storage.
 */
@ApiTags('user')
@ApiExtraModels(ErrorResponse)
@ApiBearerAuth()
@Controller('api/user')
export class UserExportController {
  private readonly logger = new Logger(UserExportController.name);

  constructor(
    private readonly bus: MessageBus,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly limits: UserActionRateLimiter,
  ) {}

  @Get('export')
  @ApiOperation({
    summary:
      'All of the signed-in user’s data as starborn-data-<date>.zip: README.txt, account.json, heroes.json, ' +
      'storybooks.json, shares.json, room-messages.json, payments.json (no card data) and media/<heroId>/ ' +
      'with the pictures (full quality for premium heroes, previews otherwise)',
  })
  @ApiProduces('application/zip')
  @ApiResponse({ status: 200, description: 'application/zip, sent as an attachment' })
  // Errors are JSON although the success is a zip: name their content type explicitly.
  @ApiResponse({ status: 401, description: 'Not signed in.', content: errorContent })
  @ApiResponse({
    status: 429,
    description: 'Too many exports for now (Retry-After says when to try again).',
    content: errorContent,
  })
  async export(@CurrentUser() user: AuthenticatedUser, @Res() reply: FastifyReply): Promise<void> {
    await this.limits.consume('data-export', user.id);
    const query = { userId: user.id };
    const [account, heroes, storybooks, roomMessages, payments] = await Promise.all([
      this.bus.request('auth.export-user', query),
      this.bus.request('heroes.export-user', query),
      this.bus.request('storybook.export-user', query),
      this.bus.request('rooms.export-user', query),
      this.bus.request('payments.export-user', query),
    ]);
    const now = new Date();
    const entries = userExportEntries({ account, heroes, storybooks, roomMessages, payments }, now);
    let files: ZipFile[];
    try {
      files = await openStoredFiles(this.storage, entries);
    } catch (error) {
      throw downloadFailed(this.logger, `the data of user ${user.id}`, error);
    }
    await sendZip(reply, this.logger, {
      fileName: exportFileName(now),
      files,
      description: `the data of user ${user.id}`,
    });
  }
}
