import { applyDecorators, Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MessageBus } from '@starborn/messaging';
import { RealtimeServer } from '../realtime/realtime.server.js';
import type { FastifyRequest } from 'fastify';
import { ErrorResponse, LoginBody, LogoutResponse, RegisterBody, SessionResponse } from './auth.dto.js';
import { AuthRateLimiter } from './auth-rate-limiter.js';
import { CurrentSession, Public } from './jwt-auth.guard.js';
import { SessionStore, type SessionClaims } from './session-store.js';
import { SignUpFloodGuard, SignUpRateLimiter } from './sign-up-rate-limiter.js';

/** A signed-in POST that ends sessions and answers LogoutResponse. */
const SignOutRoute = (path: string, summary: string) =>
  applyDecorators(
    Post(path),
    HttpCode(200),
    ApiBearerAuth(),
    ApiOperation({ summary }),
    ApiResponse({ status: 200, type: LogoutResponse }),
    ApiResponse({ status: 401, type: ErrorResponse, description: 'No valid token' }),
  );

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly bus: MessageBus,
    private readonly rateLimiter: AuthRateLimiter,
    private readonly signUpLimiter: SignUpRateLimiter,
    private readonly sessions: SessionStore,
    private readonly realtime: RealtimeServer,
  ) {}

  @Public()
  @UseGuards(SignUpFloodGuard)
  @Post('register')
  @ApiOperation({ summary: 'Create an account and sign in' })
  @ApiResponse({ status: 201, type: SessionResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Missing or invalid fields' })
  @ApiResponse({ status: 409, type: ErrorResponse, description: 'Email already exists' })
  @ApiResponse({ status: 429, type: ErrorResponse, description: 'Too many attempts' })
  async register(@Body() body: RegisterBody, @Req() request: FastifyRequest) {
    const session = await this.signUpLimiter.limit(request.ip, body.email, () =>
      this.bus.request('auth.register', body),
    );
    await this.rateLimiter.rememberAddress(request.ip, body.email);
    await this.sessions.markKnown(session.user.id);
    return session;
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password' })
  @ApiResponse({ status: 200, type: SessionResponse })
  @ApiResponse({ status: 401, type: ErrorResponse, description: 'Invalid email or password' })
  @ApiResponse({ status: 429, type: ErrorResponse, description: 'Too many attempts' })
  async login(@Body() body: LoginBody, @Req() request: FastifyRequest) {
    await this.rateLimiter.consume('login', request.ip, body.email);
    const session = await this.bus.request('auth.login', body);
    await this.rateLimiter.reset('login', request.ip, body.email);
    await this.sessions.markKnown(session.user.id);
    return session;
  }

  @SignOutRoute('logout', "Sign out: this request's token stops working on every gateway instance")
  async logout(@CurrentSession() session: SessionClaims): Promise<LogoutResponse> {
    await this.sessions.revoke(session);
    // Not awaited: asking every instance for its sockets may take SOCKET_IO_REQUEST_TIMEOUT_MS.
    void this.realtime.disconnectSessions(session.userId, { only: session.tokenId });
    return { signedOut: true };
  }

  @SignOutRoute('logout-all', 'Sign out everywhere: every token of the user issued until now stops working')
  async logoutAll(@CurrentSession() session: SessionClaims): Promise<LogoutResponse> {
    await this.sessions.revokeAll(session.userId);
    void this.realtime.disconnectSessions(session.userId);
    return { signedOut: true };
  }
}
