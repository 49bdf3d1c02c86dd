import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { HeroCompletedEvent, PaymentSucceededEvent, StoryBookQuery } from '@starborn/contracts';
import { OnCommand, OnEvent } from '@starborn/messaging';
import { ChapterPacksService } from '../packs/chapter-packs.service.js';
import { StorybooksService } from './storybooks.service.js';

@Controller()
export class StorybooksHandlers {
  constructor(
    private readonly storybooks: StorybooksService,
    private readonly packs: ChapterPacksService,
  ) {}

  @OnCommand('storybook.get')
  get(@Payload() query: StoryBookQuery) {
    return this.storybooks.get(query);
  }

  @OnEvent('hero.completed')
  heroCompleted(@Payload() event: HeroCompletedEvent) {
    return this.storybooks.start(event);
  }

  /** A premium upgrade promotes the story; a chapters payment becomes a pack credit. */
  @OnEvent('payment.succeeded')
  paymentSucceeded(@Payload() event: PaymentSucceededEvent) {
    if (event?.paymentType === 'premium_upgrade') return this.storybooks.promote(event);
    if (event?.paymentType === 'chapters') return this.packs.recordPurchase(event);
    return undefined;
  }
}
