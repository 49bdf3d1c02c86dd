import { messageHandlers } from '@starborn/messaging';
import { NarratorService } from './narrator.service.js';

export const NarratorHandlers = messageHandlers([NarratorService], {
  'rooms.narrator-context': (query, narrator) => narrator.context(query),
  'narrator.replied': (event, narrator) => narrator.replied(event),
  'narrator.failed': (event, narrator) => narrator.failed(event),
});
