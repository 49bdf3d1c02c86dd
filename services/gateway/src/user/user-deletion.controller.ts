import { Body, Controller, Delete, HttpCode, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MessageBus } from '@starborn/messaging';
import type { FastifyRequest } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { AuthRateLimiter } from '../auth/auth-rate-limiter.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import { SessionStore } from '../auth/session-store.js';
import { SignUpRateLimiter } from '../auth/sign-up-rate-limiter.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { RealtimeServer } from '../realtime/realtime.server.js';
import { AccountDeletedResponse, DeleteAccountBody } from './user-deletion.dto.js';

@ApiTags('user')
@ApiBearerAuth()
@Controller('api/user')
export class UserDeletionController {
  constructor(
    private readonly bus: MessageBus,
    private readonly rateLimiter: AuthRateLimiter,
    private readonly signUpLimiter: SignUpRateLimiter,
    private readonly sessions: SessionStore,
    private readonly realtime: RealtimeServer,
  ) {}

  @Delete()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Delete the account and everything of it (heroes, media, stories, shares, room participation; ' +
      'room messages stay as from a departed hero, payment records stay anonymised), confirmed by the current password',
  })
  @ApiResponse({ status: 200, type: AccountDeletedResponse })
  @ApiResponse({
    status: 400,
    type: ErrorResponse,
    description: 'No password given, or a wrong one: nothing was deleted',
  })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'No valid token' })
  @ApiResponse({ status: 429, type: ErrorResponse, description: 'Too many attempts' })
  async deleteAccount(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: DeleteAccountBody,
    @Req() request: FastifyRequest,
  ): Promise<AccountDeletedResponse> {
    // Counted with sign-in attempts: a stolen token cannot guess the password faster than a sign-in could.
    await this.rateLimiter.consume('login', request.ip, user.email);
    const deleted = await this.bus.request('auth.delete-user', { userId: user.id, password: body.password });
    await this.sessions.markDeleted(user.id);
    // The account's sign-in and sign-up counts and its known addresses go with it.
    await Promise.all([
      this.rateLimiter.forgetAccount(user.email),
      this.signUpLimiter.forgetAccount(user.email),
    ]);
    // Not awaited: asking every instance for its sockets may take SOCKET_IO_REQUEST_TIMEOUT_MS.
    void this.realtime.disconnectSessions(user.id);
    return deleted;
  }
}
