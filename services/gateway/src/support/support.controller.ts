import { Body, Controller, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MessageBus } from '@starborn/messaging';
import type { FastifyRequest } from 'fastify';
import { ErrorResponse } from '../auth/auth.dto.js';
import { AuthRateLimiter } from '../auth/auth-rate-limiter.js';
import { Public } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { SupportRequestBody, SupportRequestResponse } from './support.dto.js';

@ApiTags('support')
@Controller('api/support')
export class SupportController {
  constructor(
    private readonly bus: MessageBus,
    private readonly rateLimiter: AuthRateLimiter,
  ) {}

  @Public()
  @Post()
  @ApiOperation({ summary: 'Send a message to the support team (visitors and users)' })
  @ApiResponse({ status: 201, type: SupportRequestResponse })
  @ApiResponse({ status: 400, type: ErrorResponse })
  @ApiResponse({ status: 429, type: ErrorResponse })
  async create(
    @Body() body: SupportRequestBody,
    @Req() request: FastifyRequest & { user?: AuthenticatedUser },
  ) {
    await this.rateLimiter.consume('support', request.ip, body.email);
    return this.bus.request('auth.create-support-request', {
      name: body.name,
      email: body.email,
      subject: body.subject ?? '',
      message: body.message,
      category: body.category ?? 'general-inquiry',
      userId: request.user?.id ?? null,
    });
  }
}
