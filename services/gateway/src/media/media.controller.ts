import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ErrorCodes } from '@starborn/contracts';
import { MediaUrlSigner, type ObjectStorage } from '@starborn/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/jwt-auth.guard.js';
import { ApiException } from '../http/http-error.filter.js';
import { OBJECT_STORAGE } from './media.tokens.js';

/**
 * GET /media/<key>?exp&sig: files are served only with a signature the heroes service made for a
 * viewer allowed to see them (full quality only for a paid owner). A guessed URL gets 403.
 */
@ApiExcludeController()
@Controller('media')
export class MediaController {
  constructor(
    private readonly signer: MediaUrlSigner,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Public()
  @Get('*')
  async get(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('exp') exp?: string,
    @Query('sig') sig?: string,
  ): Promise<void> {
    const key = decodeURIComponent(request.url.split('?')[0].replace(/^\/media\//, ''));
    if (!this.signer.verify(key, exp, sig, Math.floor(Date.now() / 1000))) {
      throw new ApiException({
        status: 403,
        code: ErrorCodes.FORBIDDEN,
        message: 'This link is not valid or has expired. Reload the page to get a fresh one.',
      });
    }
    const object = await this.storage.get(key).catch(() => undefined);
    if (!object)
      throw new ApiException({ status: 404, code: ErrorCodes.NOT_FOUND, message: 'File not found.' });
    reply
      .header('content-type', object.contentType)
      .header('content-length', String(object.contentLength))
      .header('cache-control', 'private, max-age=3600')
      .send(object.body);
  }
}
