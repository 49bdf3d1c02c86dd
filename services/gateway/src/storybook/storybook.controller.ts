import { applyDecorators, Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorCodes, HERO_ID_PATTERN, STORYBOOK_NOT_FOUND, type StoryBookView } from '@starborn/contracts';
import { MessageBus, RemoteError } from '@starborn/messaging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { ApiException } from '../http/http-error.filter.js';
import { StoryBookPendingResponse, StoryBookViewResponse, UnlockChaptersBody } from './storybook.dto.js';

/** Storybook ids are UUIDs made by the storybook service: anything else names no storybook. */
const STORYBOOK_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answer while a hero's storybook is not written yet (202): the client asks again shortly. */
export interface StoryBookPending {
  storyBook: null;
  chapters: [];
  message: string;
}

export const STORYBOOK_PENDING_MESSAGE =
  'Your hero’s storybook is being prepared. Please check back in a moment.';

const notFound = () =>
  new ApiException({ status: 404, code: ErrorCodes.NOT_FOUND, message: STORYBOOK_NOT_FOUND });

export const isNotFound = (error: unknown): boolean => error instanceof RemoteError && error.status === 404;

/** What both ways of unlocking chapters answer: the storybook, or why no chapter was unlocked. */
const UnlockResponses = () =>
  applyDecorators(
    ApiResponse({ status: 200, type: StoryBookViewResponse }),
    ApiResponse({ status: 401, type: ErrorResponse }),
    ApiResponse({
      status: 402,
      type: ErrorResponse,
      description: "'No unused chapter purchase was found for this story.'",
    }),
    ApiResponse({ status: 404, type: ErrorResponse, description: `'${STORYBOOK_NOT_FOUND}'` }),
    ApiResponse({
      status: 409,
      type: ErrorResponse,
      description:
        "'All chapters of this story are already unlocked.', or the pack was paid at the price of a story " +
        'that was not premium and the story is premium now: not used, its payment refunded.',
    }),
  );

/** The document of unlocking a paid pack, under either of its two paths. */
const UnlockPackDoc = (summary: string) =>
  applyDecorators(
    ApiOperation({
      summary,
      description:
        'Uses one succeeded chapters payment of the caller for this story that has not been used yet; ' +
        'without one it answers 402.',
    }),
    ApiParam({ name: 'storyBookId', description: 'The storybook id (a UUID)' }),
    ApiResponse({ status: 400, type: ErrorResponse, description: "'Chapters are unlocked 3 at a time.'" }),
    UnlockResponses(),
  );

/**
 * The storybook of a hero, as the chapters panel shows it: read it, unlock a paid pack of chapters,
 * and unlock after a chapters payment. The storybook service decides everything; only the signed-in
 * user's own stories are reachable (another user's answers 404).
 */
@ApiTags('storybook')
@ApiBearerAuth()
@Controller('api')
export class StorybookController {
  constructor(private readonly bus: MessageBus) {}

  @Get('heroes/:heroId/storybook')
  @ApiOperation({
    summary: "A hero's storybook and its chapters (only unlocked chapters carry a title and content)",
    description:
      'Answers 202 with `storyBook: null` while the storybook of a just-completed hero is still being ' +
      'set up (a moment after generation); ask again a few seconds later.',
  })
  @ApiParam({ name: 'heroId', description: '32 hex characters (without the preview- prefix)' })
  @ApiResponse({ status: 200, type: StoryBookViewResponse })
  @ApiResponse({ status: 202, type: StoryBookPendingResponse, description: 'Not set up yet' })
  @ApiResponse({ status: 401, type: ErrorResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: `'${STORYBOOK_NOT_FOUND}'` })
  async get(
    @Param('heroId') heroId: string,
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StoryBookView | StoryBookPending> {
    if (!HERO_ID_PATTERN.test(heroId)) throw notFound();
    try {
      return await this.bus.request('storybook.get', { userId: user.id, heroId });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // The storybook is made when the hero's generation completes, a moment after the hero page can
      // already show the hero. For the owner's own hero that moment is "not yet", not "not found".
      const owned = await this.bus.request('heroes.payment-context', { userId: user.id, heroId }).then(
        () => true,
        (ownerError: unknown) => {
          if (isNotFound(ownerError)) return false;
          throw ownerError;
        },
      );
      if (!owned) throw error;
      reply.status(202);
      return { storyBook: null, chapters: [], message: STORYBOOK_PENDING_MESSAGE };
    }
  }

  @Post('storybook/:storyBookId')
  @HttpCode(200)
  @UnlockPackDoc('Unlock the next 3 chapters with a paid chapter pack')
  unlock(
    @Param('storyBookId') storyBookId: string,
    @Body() body: UnlockChaptersBody,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<StoryBookView> {
    if (!STORYBOOK_ID_PATTERN.test(storyBookId)) throw notFound();
    return this.bus.request('storybook.unlock', { userId: user.id, storyBookId, count: body.count });
  }

  /** Older clients name the same operation with an /unlock suffix: one guard, one body, one answer. */
  @Post('storybook/:storyBookId/unlock')
  @HttpCode(200)
  @UnlockPackDoc(
    'Unlock the next 3 chapters with a paid chapter pack (the same as POST /api/storybook/{storyBookId})',
  )
  unlockNamed(
    @Param('storyBookId') storyBookId: string,
    @Body() body: UnlockChaptersBody,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<StoryBookView> {
    return this.unlock(storyBookId, body, user);
  }

  @Post('storybook/:heroId/unlock-after-payment')
  @HttpCode(200)
  @ApiOperation({
    summary: "After a chapters payment: unlock the pack it paid for (checked against the caller's payments)",
    description:
      'Grants nothing by itself: chapters unlock only for a succeeded chapters payment of the caller ' +
      'for this hero that has not been used yet. Answers the storybook.',
  })
  @ApiParam({ name: 'heroId', description: '32 hex characters' })
  @UnlockResponses()
  unlockAfterPayment(
    @Param('heroId') heroId: string,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<StoryBookView> {
    if (!HERO_ID_PATTERN.test(heroId)) throw notFound();
    return this.bus.request('storybook.unlock-after-payment', { userId: user.id, heroId });
  }
}
