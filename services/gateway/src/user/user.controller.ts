import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MessageBus } from '@starborn/messaging';
import { ErrorResponse, UserResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';

@ApiTags('user')
@ApiBearerAuth()
@Controller('api/user')
export class UserController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiResponse({ status: 200, type: UserResponse })
  @ApiResponse({ status: 401, type: ErrorResponse })
  me(@CurrentUser() user: AuthenticatedUser) {
    return this.bus.request('auth.get-user', { userId: user.id });
  }
}
