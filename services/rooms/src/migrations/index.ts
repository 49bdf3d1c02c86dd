import { CreateRooms1766000000000 } from './1766000000000-create-rooms.js';

/** In order of application. */
export const roomsMigrations = [CreateRooms1766000000000];
