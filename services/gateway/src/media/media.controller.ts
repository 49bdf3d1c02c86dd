import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ErrorCodes } from '@starborn/contracts';
import { contentTypeFor, MediaUrlSigner, type ObjectStorage } from '@starborn/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/jwt-auth.guard.js';
import { ApiException } from '../http/http-error.filter.js';
import { OBJECT_STORAGE } from './media.tokens.js';
import { SizedVariants } from './sized-variants.js';

/**
 * GET /media/<key>?exp&sig: files are served only with a signature the heroes service made for a
 * viewer allowed to see them (full quality only for a paid owner). A guessed URL gets 403.
 *
 * The bytes under a key do not change while a link to it lives (a key is one rendering of one
 * generated picture), so the browser may keep the answer, without asking again, until the link
 * expires: past `exp` the URL itself is refused, so caching longer would serve nothing.
 */
@ApiExcludeController()
@Controller('media')
export class MediaController {
  readonly #files: SizedVariants;

  constructor(
    private readonly signer: MediaUrlSigner,
    @Inject(OBJECT_STORAGE) storage: ObjectStorage,
  ) {
    this.#files = new SizedVariants(storage);
  }

  @Public()
  @Get('*')
  async get(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('exp') exp?: string,
    @Query('sig') sig?: string,
  ): Promise<void> {
    const key = decodeURIComponent(request.url.split('?')[0].replace(/^\/media\//, ''));
    const now = Math.floor(Date.now() / 1000);
    if (!this.signer.verify(key, exp, sig, now)) {
      throw new ApiException({
        status: 403,
        code: ErrorCodes.FORBIDDEN,
        message: 'This link is not valid or has expired. Reload the page to get a fresh one.',
      });
    }
    const object = await this.#files.get(key);
    if (!object)
      throw new ApiException({ status: 404, code: ErrorCodes.NOT_FOUND, message: 'File not found.' });
    // verify() checked exp is a number ahead of now.
    reply.header('cache-control', `private, max-age=${Number(exp) - now}, immutable`);
    if (Buffer.isBuffer(object)) {
      reply.header('content-type', contentTypeFor(key)).header('content-length', String(object.length));
      reply.send(object);
      return;
    }
    reply
      .header('content-type', object.contentType)
      .header('content-length', String(object.contentLength))
      .send(object.body);
  }
}
