import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { ChapterGeneratedEvent, ChapterGenerationFailedEvent } from '@starborn/contracts';
import { OnEvent } from '@starborn/messaging';
import { ChapterWritingService } from './chapter-writing.service.js';

@Controller()
export class ChaptersHandlers {
  constructor(private readonly writing: ChapterWritingService) {}

  @OnEvent('chapter.generated')
  generated(@Payload() event: ChapterGeneratedEvent) {
    return this.writing.applyGenerated(event);
  }

  @OnEvent('chapter.generation-failed')
  failed(@Payload() event: ChapterGenerationFailedEvent) {
    return this.writing.applyFailed(event);
  }
}
