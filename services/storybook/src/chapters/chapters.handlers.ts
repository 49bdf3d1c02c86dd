import { messageHandlers } from '@starborn/messaging';
import { ChapterWritingService } from './chapter-writing.service.js';

export const ChaptersHandlers = messageHandlers([ChapterWritingService], {
  'chapter.generated': (event, writing) => writing.applyGenerated(event),
  'chapter.generation-failed': (event, writing) => writing.applyFailed(event),
});
