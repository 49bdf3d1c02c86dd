import { Injectable } from '@nestjs/common';
import { ROOM_ROW_HEROES_LIMIT, type RoomPresentHeroDto } from '@starborn/contracts';
import { RealtimeServer } from '../realtime/realtime.server.js';
import { heroesByRoom } from './present-heroes.js';
import { STORY_ROOMS_CHANNEL } from './room-sockets.js';

/** Who is in one story room now. */
export interface RoomInside {
  participantCount: number;
  spectatorCount: number;
  /** Participants first, then in order of arrival at this question; at most ROOM_ROW_HEROES_LIMIT. */
  heroes: RoomPresentHeroDto[];
}

export const NOBODY_INSIDE: RoomInside = { participantCount: 0, spectatorCount: 0, heroes: [] };

/**
 * Who is in the shared story rooms right now, across every gateway instance: one question through the
 * socket.io Redis adapter (fetchSockets) that every instance answers with its sockets in story rooms.
 * A hero with two tabs open counts once, as a participant if any tab participates; an instance that goes
 * away stops being asked.
 */
@Injectable()
export class RoomPresence {
  constructor(private readonly realtime: RealtimeServer) {}

  /** Every room with at least one hero connected, by room id. */
  async inside(): Promise<Map<string, RoomInside>> {
    const io = this.realtime.server;
    const sockets = io ? await io.in(STORY_ROOMS_CHANNEL).fetchSockets() : [];
    const inside = new Map<string, RoomInside>();
    for (const [roomId, heroes] of heroesByRoom(sockets)) {
      const participantCount = heroes.filter((hero) => hero.role === 'participant').length;
      inside.set(roomId, {
        participantCount,
        spectatorCount: heroes.length - participantCount,
        heroes: heroes.slice(0, ROOM_ROW_HEROES_LIMIT),
      });
    }
    return inside;
  }
}
