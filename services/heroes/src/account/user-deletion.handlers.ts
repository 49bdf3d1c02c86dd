import { messageHandlers } from '@starborn/messaging';
import { UserDeletionService } from './user-deletion.service.js';

export const UserDeletionHandlers = messageHandlers([UserDeletionService], {
  'user.deleted': (event, deletion) => deletion.deleteUserData(event),
});
