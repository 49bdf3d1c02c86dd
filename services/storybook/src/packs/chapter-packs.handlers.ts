import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { UnlockAfterPaymentCommand, UnlockChaptersCommand } from '@starborn/contracts';
import { OnCommand } from '@starborn/messaging';
import { ChapterPacksService } from './chapter-packs.service.js';

@Controller()
export class ChapterPacksHandlers {
  constructor(private readonly packs: ChapterPacksService) {}

  @OnCommand('storybook.unlock')
  unlock(@Payload() command: UnlockChaptersCommand) {
    return this.packs.unlock(command);
  }

  @OnCommand('storybook.unlock-after-payment')
  unlockAfterPayment(@Payload() command: UnlockAfterPaymentCommand) {
    return this.packs.unlockAfterPayment(command);
  }
}
