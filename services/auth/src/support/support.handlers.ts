import { messageHandlers } from '@starborn/messaging';
import { SupportService } from './support.service.js';

export const SupportHandlers = messageHandlers([SupportService], {
  'auth.create-support-request': (command, support) => support.create(command),
});
