import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MessageBus } from '@starborn/messaging';
import type { FastifyRequest } from 'fastify';
import { ErrorResponse, LoginBody, RegisterBody, SessionResponse } from './auth.dto.js';
import { AuthRateLimiter } from './auth-rate-limiter.js';
import { Public } from './jwt-auth.guard.js';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly bus: MessageBus,
    private readonly rateLimiter: AuthRateLimiter,
  ) {}

  @Public()
  @Post('register')
  @ApiOperation({ summary: 'Create an account and sign in' })
  @ApiResponse({ status: 201, type: SessionResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: 'Missing or invalid fields' })
  @ApiResponse({ status: 409, type: ErrorResponse, description: 'Email already exists' })
  @ApiResponse({ status: 429, type: ErrorResponse, description: 'Too many attempts' })
  async register(@Body() body: RegisterBody, @Req() request: FastifyRequest) {
    await this.rateLimiter.consume('register', request.ip, body.email);
    return this.bus.request('auth.register', body, { meta: { correlationId: request.id } });
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
    const session = await this.bus.request('auth.login', body, { meta: { correlationId: request.id } });
    await this.rateLimiter.reset('login', body.email);
    return session;
  }
}
