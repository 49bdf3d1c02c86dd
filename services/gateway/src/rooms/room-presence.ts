import { Injectable } from '@nestjs/common';
import { ROOM_ROW_HEROES_LIMIT, type RoomPresentHeroDto } from '@starborn/contracts';
import { RealtimeServer } from '../realtime/realtime.server.js';
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
    const heroesByRoom = new Map<string, Map<string, RoomPresentHeroDto>>();
    const io = this.realtime.server;
    if (io) {
      for (const socket of await io.in(STORY_ROOMS_CHANNEL).fetchSockets()) {
        const { roomId, hero, role } = socket.data;
        if (!roomId || !hero || !role) continue;
        const heroes = heroesByRoom.get(roomId) ?? new Map<string, RoomPresentHeroDto>();
        heroesByRoom.set(roomId, heroes);
        const participant = heroes.get(hero.heroId)?.role === 'participant' || role === 'participant';
        heroes.set(hero.heroId, {
          id: hero.heroId,
          name: hero.name,
          avatar: hero.avatar,
          role: participant ? 'participant' : 'spectator',
        });
      }
    }
    const inside = new Map<string, RoomInside>();
    for (const [roomId, heroes] of heroesByRoom) {
      const all = [...heroes.values()];
      const participants = all.filter((hero) => hero.role === 'participant');
      const spectators = all.filter((hero) => hero.role === 'spectator');
      inside.set(roomId, {
        participantCount: participants.length,
        spectatorCount: spectators.length,
        heroes: [...participants, ...spectators].slice(0, ROOM_ROW_HEROES_LIMIT),
      });
    }
    return inside;
  }
}
