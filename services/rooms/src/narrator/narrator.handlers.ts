import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { NarratorFailedEvent, NarratorRepliedEvent } from '@starborn/contracts';
import { OnCommand, OnEvent } from '@starborn/messaging';
import { NarratorService } from './narrator.service.js';

@Controller()
export class NarratorHandlers {
  constructor(private readonly narrator: NarratorService) {}

  @OnCommand('rooms.narrator-context')
  context(@Payload() query: { roomId: string; intro: boolean }) {
    return this.narrator.context(query);
  }

  @OnEvent('narrator.replied')
  replied(@Payload() event: NarratorRepliedEvent) {
    return this.narrator.replied(event);
  }

  @OnEvent('narrator.failed')
  failed(@Payload() event: NarratorFailedEvent) {
    return this.narrator.failed(event);
  }
}
