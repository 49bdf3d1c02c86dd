import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MessageBus } from '@starborn/messaging';
import { ErrorResponse } from '../auth/auth.dto.js';
import { CurrentUser } from '../auth/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../auth/token-verifier.js';
import { HeroResponse } from '../heroes/heroes.dto.js';

@ApiTags('heroes')
@ApiBearerAuth()
@Controller('api')
export class PremiumController {
  constructor(private readonly bus: MessageBus) {}

  @Post('heroes/setpremium/:heroId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'After a successful premium payment: make the hero premium (checked against the payments)',
    description:
      'Grants nothing by itself: the hero becomes paid only if a succeeded premium_upgrade payment of ' +
      'the caller exists for it. Idempotent; answers the hero (full quality once paid).',
  })
  @ApiResponse({ status: 200, type: HeroResponse })
  @ApiResponse({
    status: 402,
    type: ErrorResponse,
    description: 'No completed payment was found for this hero.',
  })
  @ApiResponse({ status: 404, type: ErrorResponse })
  setPremium(@Param('heroId') heroId: string, @CurrentUser() user: AuthenticatedUser) {
    return this.bus.request('heroes.set-premium', { userId: user.id, heroId });
  }
}
