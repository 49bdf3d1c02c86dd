import { Body, Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MessageBus } from '@starborn/messaging';
import type { FastifyRequest } from 'fastify';
import { AuthRateLimiter } from '../auth/auth-rate-limiter.js';
import { ErrorResponse, SessionResponse, UserResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import { SessionStore } from '../auth/session-store.js';
import { TokenVerifier, type AuthenticatedUser } from '../auth/token-verifier.js';
import { RealtimeServer } from '../realtime/realtime.server.js';
import { ChangePasswordBody, UpdateProfileBody } from './user.dto.js';

@ApiTags('user')
@ApiBearerAuth()
@Controller('api/user')
export class UserController {
  constructor(
    private readonly bus: MessageBus,
    private readonly rateLimiter: AuthRateLimiter,
    private readonly sessions: SessionStore,
    private readonly verifier: TokenVerifier,
    private readonly realtime: RealtimeServer,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiResponse({ status: 200, type: UserResponse })
  @ApiResponse({ status: 401, type: ErrorResponse })
  me(@CurrentUser() user: AuthenticatedUser) {
    return this.bus.request('auth.get-user', { userId: user.id });
  }

  @Patch()
  @ApiOperation({ summary: "Change the signed-in user's display name" })
  @ApiResponse({ status: 200, type: UserResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Missing or too long name' })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'No valid token' })
  updateProfile(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateProfileBody) {
    return this.bus.request('auth.update-profile', { userId: user.id, name: body.name });
  }

  @Post('password')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Change the password with the current one: every other session is signed out and its sockets ' +
      'closed; the answer carries a fresh token for this browser, whose old token stops working too',
  })
  @ApiResponse({ status: 200, type: SessionResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: 'Current password incorrect, or the new password breaks the password rules',
  })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'No valid token' })
  @ApiResponse({ status: 429, type: ErrorResponse, description: 'Too many attempts' })
  async changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ChangePasswordBody,
    @Req() request: FastifyRequest,
  ) {
    // Guessing the current password here is guessing the sign-in password: one budget for both.
    await this.rateLimiter.consume('login', request.ip, user.email);
    const session = await this.bus.request('auth.change-password', {
      userId: user.id,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
    });
    await this.rateLimiter.reset('login', request.ip, user.email);
    // Every token issued before the fresh one stops working: the other sessions and this request's.
    const fresh = (await this.verifier.verifySignature(session.token))?.session;
    await this.sessions.revokeAll(user.id, fresh?.issuedAtMs);
    // Not awaited, as for sign-out everywhere; this browser reconnects with its fresh token.
    void this.realtime.disconnectSessions(user.id, { keep: fresh?.tokenId });
    return session;
  }
}
