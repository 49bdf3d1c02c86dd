import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorCodes } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { UserActionRateLimiter } from '../limits/user-action-rate-limiter.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/http-error.filter.js';
import { HeroStatusListener } from '../realtime/hero-status.listener.js';
import { CreateHeroBody, HeroEnvelope, HeroListResponse, HeroResponse } from './heroes.dto.js';
import { WrappedBodyInterceptor } from './wrapped-body.js';

const PREVIEW_PREFIX = 'preview-';

@ApiTags('heroes')
@ApiBearerAuth()
@Controller('api')
export class HeroesController {
  constructor(
    private readonly bus: MessageBus,
    private readonly statuses: HeroStatusListener,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limiter: UserActionRateLimiter,
  ) {}

  @Post('heroes')
  @UseInterceptors(WrappedBodyInterceptor)
  @ApiOperation({
    summary: 'Create a hero (zodiac computed by the server); one non-premium hero per user',
    description:
      'Older clients may send the body wrapped as `{ headers, body: "<JSON text>" }`: it is unwrapped, ' +
      'then validated exactly like a direct body (the wrapper’s headers are ignored).',
  })
  @ApiResponse({ status: 201, type: HeroEnvelope, description: 'The created hero, as `hero`' })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description:
      'Invalid input (also inside a wrapped body, or a wrapped body that is not JSON), or a name the ' +
      'content filter refuses (code CONTENT_NOT_ALLOWED; the message does not repeat it)',
  })
  @ApiResponse({ status: 403, type: ErrorResponse, description: 'userId is not the signed-in user' })
  @ApiResponse({
    status: 409,
    type: ErrorResponse,
    description: "Duplicate id, or 'You already have a non-premium hero'",
  })
  async create(@Body() body: CreateHeroBody, @CurrentUser() user: AuthenticatedUser) {
    if (body.userId !== undefined && body.userId !== user.id) {
      throw new ApiException({
        status: 403,
        code: ErrorCodes.FORBIDDEN,
        message: 'You can only create heroes for your own account.',
      });
    }
    const hero = await this.bus.request('heroes.create', {
      userId: user.id,
      heroId: body.heroId,
      heroName: body.heroName,
      birthdate: body.birthdate,
    });
    // Clients of the API read `response.hero` (and `hero.images`, `hero.backstory` after generating).
    return { hero };
  }

  @Post('heroes/generate/:heroId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Generate the images and backstory; answers when done, or 202 while still generating',
  })
  @ApiResponse({ status: 200, type: HeroEnvelope, description: 'The generated hero, as `hero`' })
  @ApiResponse({ status: 202, type: HeroEnvelope, description: 'Still generating after the wait' })
  @ApiResponse({ status: 404, type: ErrorResponse })
  @ApiResponse({
    status: 429,
    type: ErrorResponse,
    description: "errorType 'quota_exceeded', or too many generation requests (Retry-After)",
  })
  async generate(
    @Param('heroId') heroId: string,
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // Every call may queue generation work and holds a wait: limited per user, paid heroes included.
    await this.limiter.consume('hero-generate', user.id);
    // Listen first, so a generation that finishes quickly cannot slip past.
    const waiter = this.statuses.waitForSettled(heroId, this.config.GENERATE_WAIT_MS);
    try {
      let hero = await this.bus.request('heroes.generate', { userId: user.id, heroId });
      if (hero.status === 'generating') {
        await waiter.settled;
        hero = await this.bus.request('heroes.get', { userId: user.id, heroId });
      }
      if (hero.status === 'generating') reply.status(202);
      return { hero };
    } finally {
      waiter.cancel();
    }
  }

  @Get('heroes/:id')
  @ApiOperation({ summary: "A hero of the signed-in user ('preview-' ids render the unpaid preview)" })
  @ApiResponse({ status: 200, type: HeroResponse })
  @ApiResponse({ status: 404, type: ErrorResponse })
  // The heroes service's reply is already the answer's JSON: it goes out as it came, not parsed and
  // serialised again on the busiest read.
  @Header('content-type', 'application/json; charset=utf-8')
  get(@Param('id') id: string, @CurrentUser() user: AuthenticatedUser) {
    const preview = id.startsWith(PREVIEW_PREFIX);
    const heroId = preview ? id.slice(PREVIEW_PREFIX.length) : id;
    return this.bus.requestJson('heroes.get', { userId: user.id, heroId, preview });
  }

  @Get('user/heroes')
  @ApiOperation({ summary: "The signed-in user's heroes, newest first" })
  @ApiResponse({ status: 200, type: HeroListResponse })
  async list(@CurrentUser() user: AuthenticatedUser) {
    const heroes = await this.bus.request('heroes.list', { userId: user.id });
    return { heroes };
  }
}
