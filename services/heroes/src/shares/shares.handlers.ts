import { messageHandlers } from '@starborn/messaging';
import { SharesService } from './shares.service.js';

export const SharesHandlers = messageHandlers([SharesService], {
  'heroes.share-create': (command, shares) => shares.create(command),
  'heroes.share-open': (query, shares) => shares.open(query),
  'heroes.share-preview': (query, shares) => shares.preview(query),
  'heroes.shares-list': (query, shares) => shares.list(query.userId),
  'heroes.share-deactivate': (command, shares) => shares.deactivate(command),
});
