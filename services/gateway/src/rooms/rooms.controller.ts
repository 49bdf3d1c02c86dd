import { applyDecorators, Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
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
import {
  CreateRoomBody,
  CreateRoomResponse,
  RemoveRoomHeroBody,
  RoomDetailResponse,
  RoomSummaryResponse,
  UpdateRoomBody,
} from './rooms.dto.js';

const roomNotFound = () =>
  new ApiException({ status: 404, code: ErrorCodes.NOT_FOUND, message: ROOM_MESSAGES.roomNotFound });

/** The answers every host route shares besides its own. */
const HostRouteResponses = () =>
  applyDecorators(
    ApiResponse({ status: 200, type: RoomDetailResponse, description: 'The room as it is now' }),
    ApiResponse({
      status: 403,
      type: ErrorResponse,
      description: `Not the host's owner: '${ROOM_MESSAGES.hostOnly}'`,
    }),
    ApiResponse({ status: 404, type: ErrorResponse, description: "'Room not found.'" }),
    ApiResponse({ status: 409, type: ErrorResponse, description: `Closed: '${ROOM_MESSAGES.roomClosed}'` }),
  );

/**
 * Shared story rooms: the lobby's list with live counts, a room's heroes, creating a room, and what its
 * host does (rename, invite-only, remove a hero, close). Who may do what is decided by rooms.
 */
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
      'Active rooms (a hero connected now, or a hero message in the last 10 minutes), rooms with someone inside first, then by last message; each with its host hero and who is inside now',
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
      lastMessageAt: room.lastMessageAt,
      host: room.host,
      ...(inside.get(room.id) ?? NOBODY_INSIDE),
    }));
  }

  @Get(':roomId')
  @ApiOperation({
    summary:
      "A room's title, the heroes in it and its host; the host's owner also gets the invite token. An invite-only room answers only its members (the host, people with a hero in it) and holders of its invite; 404 for anyone else, removed people included",
  })
  @ApiQuery({
    name: 'invite',
    required: false,
    description: "The invite link's token, for an invite-only room the caller has not joined yet",
  })
  @ApiResponse({ status: 200, type: RoomDetailResponse })
  @ApiResponse({
    status: 404,
    type: ErrorResponse,
    description: "'Room not found.' (also an invite-only room the caller may not see)",
  })
  get(
    @Param('roomId') roomId: string,
    @CurrentUser() user: AuthenticatedUser,
    @Query('invite') invite?: unknown,
  ) {
    if (!isRoomId(roomId)) throw roomNotFound();
    const inviteToken = typeof invite === 'string' && invite.length <= 200 ? invite : undefined;
    return this.bus.request('rooms.get', { roomId, userId: user.id, inviteToken });
  }

  @Patch(':roomId')
  @ApiOperation({
    summary:
      'The host renames the room, makes it invite-only (out of the lobby; a new invite link) or public again, or rotates its invite link',
  })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'An empty title, or nothing to change' })
  @HostRouteResponses()
  update(
    @Param('roomId') roomId: string,
    @Body() body: UpdateRoomBody,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    if (!isRoomId(roomId)) throw roomNotFound();
    const { title, inviteOnly, rotateInvite } = body;
    return this.bus.request('rooms.update', { roomId, userId: user.id, title, inviteOnly, rotateInvite });
  }

  @Post(':roomId/remove')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The host removes a hero's person: the sockets of all their heroes are dropped on every gateway instance, none of their heroes can join again, and the invite link is rotated (the answer carries the new one)",
  })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `'${ROOM_MESSAGES.hostCannotBeRemoved}'` })
  @HostRouteResponses()
  remove(
    @Param('roomId') roomId: string,
    @Body() body: RemoveRoomHeroBody,
    @CurrentUser() user: AuthenticatedUser,
  ) {
    if (!isRoomId(roomId)) throw roomNotFound();
    return this.bus.request('rooms.remove-hero', { roomId, userId: user.id, heroId: body.heroId });
  }

  @Post(':roomId/close')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The host closes the room for good: out of the lobby, no joins or messages, the narrator stops; its heroes can still read it',
  })
  @HostRouteResponses()
  close(@Param('roomId') roomId: string, @CurrentUser() user: AuthenticatedUser) {
    if (!isRoomId(roomId)) throw roomNotFound();
    return this.bus.request('rooms.close', { roomId, userId: user.id });
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
