import { messageHandlers } from '@starborn/messaging';
import { ChapterPacksService } from '../packs/chapter-packs.service.js';
import { StorybooksService } from './storybooks.service.js';

export const StorybooksHandlers = messageHandlers([StorybooksService, ChapterPacksService], {
  'storybook.get': (query, storybooks) => storybooks.get(query),
  'storybook.book-chapters': (query, storybooks) => storybooks.bookChapters(query),
  'hero.completed': (event, storybooks) => storybooks.start(event),
  /** A premium upgrade promotes the story; a chapters payment becomes a pack credit. */
  'payment.succeeded': (event, storybooks, packs) => {
    if (event?.paymentType === 'premium_upgrade') return storybooks.promote(event);
    if (event?.paymentType === 'chapters') return packs.recordPurchase(event);
    return undefined;
  },
});
