import { CreateRooms1766000000000 } from './1766000000000-create-rooms.js';
import { NarratorTyping1766100000000 } from './1766100000000-narrator-typing.js';
import { RoomHosts1766200000000 } from './1766200000000-room-hosts.js';
import { RoomRemovalByPerson1766300000000 } from './1766300000000-room-removal-by-person.js';
import { RoomPresence1766400000000 } from './1766400000000-room-presence.js';

/** In order of application. */
export const roomsMigrations = [
  CreateRooms1766000000000,
  NarratorTyping1766100000000,
  RoomHosts1766200000000,
  RoomRemovalByPerson1766300000000,
  RoomPresence1766400000000,
];
