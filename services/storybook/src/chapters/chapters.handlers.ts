import { messageHandlers } from '@starborn/messaging';
import { ChapterIllustrationService } from './chapter-illustration.service.js';
import { ChapterWritingService } from './chapter-writing.service.js';

export const ChaptersHandlers = messageHandlers([ChapterWritingService, ChapterIllustrationService], {
  'storybook.story-context': (query, writing) => writing.storyContext(query),
  'chapter.generated': (event, writing) => writing.applyGenerated(event),
  'chapter.generation-failed': (event, writing) => writing.applyFailed(event),
  'chapter.illustrated': (event, _writing, illustrations) => illustrations.applyIllustrated(event),
  'chapter.illustration-failed': (event, _writing, illustrations) => illustrations.applyFailed(event),
});
