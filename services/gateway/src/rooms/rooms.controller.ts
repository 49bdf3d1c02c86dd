import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorCodes, ROOM_MESSAGES, type RoomSummaryDto } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { UserActionRateLimiter } from '../limits/user-action-rate-limiter.js';
import { ApiException } from '../http/http-error.filter.js';
import { RoomHeroes } from './room-heroes.js';
import { isRoomId } from './room-input.js';
import { NOBODY_INSIDE, RoomPresence } from './room-presence.js';
import { CreateRoomBody, CreateRoomResponse, RoomDetailResponse, RoomSummaryResponse } from './rooms.dto.js';

/** Shared story rooms: the lobby's list with live counts, a room's heroes, and creating a room. */
@ApiTags('shared-story')
@ApiBearerAuth()
@Controller('api/shared-story')
export class RoomsController {
  constructor(
    private readonly bus: MessageBus,
    private readonly heroes: RoomHeroes,
    private readonly presence: RoomPresence,
    private readonly limiter: UserActionRateLimiter,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Active rooms (a hero connected now, or activity in the last 30 minutes), newest activity first, with who is inside now',
  })
  @ApiResponse({ status: 200, type: [RoomSummaryResponse] })
  @ApiResponse({ status: 503, type: ErrorResponse, description: 'Live counts unavailable' })
  async list(): Promise<RoomSummaryDto[]> {
    let inside;
    try {
      inside = await this.presence.inside();
    } catch {
      throw new ApiException({
        status: 503,
        code: ErrorCodes.SERVICE_UNAVAILABLE,
        message: 'The live room counts are unavailable right now. Please try again.',
      });
    }
    // Who is inside first: a room with a hero connected stays listed however quiet it is.
    const rooms = await this.bus.request('rooms.list-active', { connectedRoomIds: [...inside.keys()] });
    return rooms.map((room) => ({
      id: room.id,
      title: room.title,
      created: room.created,
      updated: room.updated,
      ...(inside.get(room.id) ?? NOBODY_INSIDE),
    }));
  }

  @Get(':roomId')
  @ApiOperation({ summary: "A room's title and the heroes who joined it" })
  @ApiResponse({ status: 200, type: RoomDetailResponse })
  @ApiResponse({ status: 404, type: ErrorResponse, description: "'Room not found.'" })
  get(@Param('roomId') roomId: string) {
    if (!isRoomId(roomId)) {
      throw new ApiException({
        status: 404,
        code: ErrorCodes.NOT_FOUND,
        message: ROOM_MESSAGES.roomNotFound,
      });
    }
    return this.bus.request('rooms.get', { roomId });
  }

  @Post('create')
  @ApiOperation({ summary: "Create a room with the caller's own premium hero; the narrator opens it" })
  @ApiResponse({ status: 201, type: CreateRoomResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: "'Please select a hero first'" })
  @ApiResponse({
    status: 403,
    type: ErrorResponse,
    description: "'Only premium heroes can create shared story rooms'",
  })
  @ApiResponse({ status: 404, type: ErrorResponse, description: "Not the caller's hero: 'Hero not found.'" })
  @ApiResponse({ status: 429, type: ErrorResponse, description: 'Too many rooms created (Retry-After)' })
  async create(@Body() body: CreateRoomBody, @CurrentUser() user: AuthenticatedUser) {
    const creator = await this.heroes.ownHero(user.id, body.heroId);
    if (!creator.isPremium) {
      throw new ApiException({
        status: 403,
        code: ErrorCodes.FORBIDDEN,
        message: ROOM_MESSAGES.premiumRequiredToCreate,
      });
    }
    // Counted only once the room would be made: each one queues the narrator's introduction.
    await this.limiter.consume('room-create', user.id);
    return this.bus.request('rooms.create', { creator });
  }
}
