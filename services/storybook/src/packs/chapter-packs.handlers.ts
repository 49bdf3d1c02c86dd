import { messageHandlers } from '@starborn/messaging';
import { ChapterPacksService } from './chapter-packs.service.js';

export const ChapterPacksHandlers = messageHandlers([ChapterPacksService], {
  'storybook.unlock': (command, packs) => packs.unlock(command),
  'storybook.unlock-after-payment': (command, packs) => packs.unlockAfterPayment(command),
});
