import { Controller, Delete, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorCodes, SHARE_READY_MESSAGE, type ShareLinkDto } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { ApiException } from '../http/http-error.filter.js';
import { CurrentUser, Public } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { ShareCards } from './share-cards.js';
import {
  SharedHeroResponse,
  SharedLinkCreatedResponse,
  SharedLinkListResponse,
  SharedLinkResponse,
} from './shares.dto.js';

/** '<version>.png', the version as heroes makes it (22 base64url characters). */
const CARD_FILE = /^([A-Za-z0-9_-]{22})\.png$/;

/** Share links of premium heroes; the heroes service owns them, this only adds the absolute URL. */
@ApiTags('shares')
@ApiBearerAuth()
@Controller('api')
export class SharesController {
  constructor(
    private readonly bus: MessageBus,
    private readonly cards: ShareCards,
  ) {}

  @Post('heroes/:id/share')
  @ApiOperation({
    summary: "Share a paid hero: creates its public link, or answers the hero's active link if it has one",
  })
  @ApiResponse({
    status: 201,
    type: SharedLinkCreatedResponse,
    description:
      'The link (id, shareUrl absolute, …), and the same link for clients of the contract: `message`, ' +
      "`sharedLink` (shareId, shareUrl as a path '/share/{id}', heroId, createdAt, accessCount, isActive)",
  })
  @ApiResponse({
    status: 403,
    type: ErrorResponse,
    description: "'Sharing is available for premium heroes.'",
  })
  @ApiResponse({ status: 404, type: ErrorResponse, description: "'Hero not found.'" })
  async create(
    @Param('id') heroId: string,
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ) {
    const link = await this.bus.request('heroes.share-create', { userId: user.id, heroId });
    return withSummary(link, request);
  }

  @Public()
  @Get('share/:shareId')
  @ApiOperation({
    summary: 'Open a shared hero (no sign-in); counts the view (a GET; a HEAD is not counted)',
  })
  @ApiResponse({ status: 200, type: SharedHeroResponse })
  @ApiResponse({
    status: 404,
    type: ErrorResponse,
    description: "'This shared hero link is no longer active.'",
  })
  async open(
    @Param('shareId') shareId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // Fastify answers HEAD with this GET handler: a HEAD (link checkers, previews) is not a view.
    const hero = await this.bus.request('heroes.share-open', {
      shareId,
      countView: request.method === 'GET',
    });
    // Every open is a view to count, and the signed URLs expire: never from a cache.
    reply.header('cache-control', 'no-store');
    return { hero };
  }

  @Public()
  @Get('share/:shareId/card/:file')
  @ApiOperation({
    summary:
      "A shared hero's link preview card (1200×630 PNG: front portrait, name, signs). The URL names " +
      'what the card shows, so it is cached for good; the share page HTML gives the current one',
  })
  @ApiResponse({
    status: 200,
    description: 'image/png, Cache-Control: public, max-age=31536000, immutable',
    content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({
    status: 404,
    type: ErrorResponse,
    description: "'This shared hero link is no longer active.' or 'This card is out of date.'",
  })
  async card(
    @Param('shareId') shareId: string,
    @Param('file') file: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const version = CARD_FILE.exec(file)?.[1];
    const preview = await this.bus.request('heroes.share-preview', { shareId });
    if (version !== preview.card.version) {
      throw new ApiException({
        status: 404,
        code: ErrorCodes.NOT_FOUND,
        message: 'This card is out of date.',
      });
    }
    const png = await this.cards.png(preview.card);
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type('image/png')
      .header('content-length', String(png.length));
    return png;
  }

  @Get('user/shares')
  @ApiOperation({ summary: "The signed-in user's share links (active and inactive), newest first" })
  @ApiResponse({ status: 200, type: SharedLinkListResponse })
  async list(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest) {
    const links = await this.bus.request('heroes.shares-list', { userId: user.id });
    return { sharedLinks: links.map((link) => withUrl(link, request)) };
  }

  @Delete('shares/:id')
  @ApiOperation({
    summary: 'Deactivate a share link of the signed-in user (the public link then answers 404)',
  })
  @ApiResponse({ status: 200, type: SharedLinkResponse })
  @ApiResponse({ status: 404, type: ErrorResponse })
  async deactivate(
    @Param('id') shareId: string,
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ) {
    const link = await this.bus.request('heroes.share-deactivate', { userId: user.id, shareId });
    return withUrl(link, request);
  }
}

/** The link as the API shows it: shareUrl absolute, made with the origin the browser used. */
function withUrl({ sharePath, ...link }: ShareLinkDto, request: FastifyRequest): SharedLinkResponse {
  return {
    ...link,
    shareUrl: new URL(sharePath, `${request.protocol}://${request.host}`).toString(),
    shareId: link.id,
  };
}

/** The answer of sharing: the link as above, plus what clients of the contract read of it. */
function withSummary(link: ShareLinkDto, request: FastifyRequest): SharedLinkCreatedResponse {
  const { id, sharePath, heroId, createdAt, accessCount, isActive } = link;
  return {
    ...withUrl(link, request),
    message: SHARE_READY_MESSAGE,
    sharedLink: { shareId: id, shareUrl: sharePath, heroId, createdAt, accessCount, isActive },
  };
}
