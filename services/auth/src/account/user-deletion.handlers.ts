import { messageHandlers } from '@starborn/messaging';
import { UserDeletionService } from './user-deletion.service.js';

export const UserDeletionHandlers = messageHandlers([UserDeletionService], {
  'auth.delete-user': (command, deletion) => deletion.deleteUser(command),
});
