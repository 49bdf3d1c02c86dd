import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MessageBus } from '@starborn/messaging';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { UserActionRateLimiter } from '../limits/user-action-rate-limiter.js';
import { ArtVersionEnvelope, ArtVersionsResponse, ChooseArtBody, HeroEnvelope } from './heroes.dto.js';

/** A premium hero's art made anew, its gallery of versions, and the version shown. */
@ApiTags('heroes')
@ApiBearerAuth()
@Controller('api/heroes/:heroId/art')
export class HeroArtController {
  constructor(
    private readonly bus: MessageBus,
    private readonly limiter: UserActionRateLimiter,
  ) {}

  @Post('recreate')
  @HttpCode(202)
  @ApiOperation({
    summary:
      "Make the premium hero's art anew (at most three times); the new version is made in the background",
  })
  @ApiResponse({ status: 202, type: ArtVersionEnvelope, description: 'The new version, being made' })
  @ApiResponse({ status: 403, type: ErrorResponse, description: 'The hero is not premium' })
  @ApiResponse({ status: 404, type: ErrorResponse, description: 'No such hero of the signed-in user' })
  @ApiResponse({
    status: 409,
    type: ErrorResponse,
    description: 'Three recreations were made, one is still being made, or the hero is not complete yet',
  })
  @ApiResponse({
    status: 429,
    type: ErrorResponse,
    description: "errorType 'quota_exceeded', or too many generation requests (Retry-After)",
  })
  async recreate(@Param('heroId') heroId: string, @CurrentUser() user: AuthenticatedUser) {
    // A recreation paints three images: it draws on the same allowance as a generation.
    await this.limiter.consume('hero-generate', user.id);
    const version = await this.bus.request('heroes.art-recreate', { userId: user.id, heroId });
    return { version };
  }

  @Get('versions')
  @ApiOperation({ summary: "Every version of the hero's art, oldest first, with the one shown marked" })
  @ApiResponse({ status: 200, type: ArtVersionsResponse })
  @ApiResponse({ status: 404, type: ErrorResponse })
  versions(@Param('heroId') heroId: string, @CurrentUser() user: AuthenticatedUser) {
    return this.bus.request('heroes.art-versions', { userId: user.id, heroId });
  }

  @Put('current')
  @ApiOperation({ summary: 'Show this version on the hero page, the share card and the book' })
  @ApiResponse({ status: 200, type: HeroEnvelope, description: 'The hero, showing that version, as `hero`' })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: 'Not a version number, or a version this hero does not have',
  })
  @ApiResponse({ status: 404, type: ErrorResponse })
  @ApiResponse({
    status: 409,
    type: ErrorResponse,
    description: 'The version is still being made, or failed',
  })
  async choose(
    @Param('heroId') heroId: string,
    @Body() body: ChooseArtBody,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    const hero = await this.bus.request('heroes.art-choose', {
      userId: user.id,
      heroId,
      version: body.version,
    });
    return { hero };
  }
}
