import { messageHandlers } from '@starborn/messaging';
import { RoomsService } from './rooms.service.js';

export const RoomsHandlers = messageHandlers([RoomsService], {
  'rooms.create': (command, rooms) => rooms.create(command),
  'rooms.list-active': (query, rooms) => rooms.listActive(query),
  'rooms.get': (query, rooms) => rooms.get(query),
  'rooms.join': (command, rooms) => rooms.join(command),
  'rooms.leave': (command, rooms) => rooms.leave(command),
  'rooms.send': (command, rooms) => rooms.send(command),
  'rooms.update': (command, rooms) => rooms.update(command),
  'rooms.remove-hero': (command, rooms) => rooms.removeHero(command),
  'rooms.close': (command, rooms) => rooms.close(command),
});
