import { messageHandlers } from '@starborn/messaging';
import { UsersService } from './users.service.js';

export const UsersHandlers = messageHandlers([UsersService], {
  'auth.register': (command, users) => users.register(command),
  'auth.login': (command, users) => users.login(command),
  'auth.get-user': (command, users) => users.getUser(command.userId),
  'auth.update-profile': (command, users) => users.updateProfile(command),
  'auth.change-password': (command, users) => users.changePassword(command),
});
