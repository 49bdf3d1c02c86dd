import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { QUOTA_EXCEEDED_MESSAGE } from '@starborn/contracts';
import { AiQuotaFlag } from '@starborn/messaging';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/jwt-auth.guard.js';

export class QuotaStatusResponse {
  @ApiProperty() isQuotaExceeded!: boolean;
  @ApiProperty() message!: string;
  @ApiPropertyOptional({ enum: ['quota_exceeded'], description: 'Only while the quota is exceeded' })
  errorType?: string;
}

/** The 429 answer is read as an error too: it carries `error` and `message`. */
export class QuotaExceededResponse extends QuotaStatusResponse {
  @ApiProperty({ enum: ['quota_exceeded'] }) declare errorType: string;
  @ApiProperty({ description: 'Same as message' }) error!: string;
}

@ApiTags('status')
@Controller('api/status')
export class StatusController {
  constructor(@Inject(AiQuotaFlag) private readonly quota: AiQuotaFlag) {}

  @Public()
  @Get('openai-quota')
  @ApiOperation({ summary: 'Whether the AI service can take work (429 while its quota is exceeded)' })
  @ApiResponse({ status: 200, type: QuotaStatusResponse })
  @ApiResponse({ status: 429, type: QuotaExceededResponse })
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
