import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { QUOTA_EXCEEDED_MESSAGE } from '@starborn/contracts';
import { AiQuotaFlag } from '@starborn/messaging';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/jwt-auth.guard.js';

@ApiTags('status')
@Controller('api/status')
export class StatusController {
  constructor(@Inject(AiQuotaFlag) private readonly quota: AiQuotaFlag) {}

  @Public()
  @Get('openai-quota')
  @ApiOperation({ summary: 'Whether the AI service can take work (429 while its quota is exceeded)' })
  async openAiQuota(@Res({ passthrough: true }) reply: FastifyReply) {
    if (await this.quota.isExceeded()) {
      reply.status(429);
      return {
        isQuotaExceeded: true,
        errorType: 'quota_exceeded',
        message: QUOTA_EXCEEDED_MESSAGE,
        error: QUOTA_EXCEEDED_MESSAGE,
      };
    }
    return { isQuotaExceeded: false, message: 'The AI service is available.' };
  }
}
