import { Injectable } from '@nestjs/common';
import { storyRoomChannel } from '@starborn/contracts';
import { RealtimeServer } from '../realtime/realtime.server.js';
import type { StorySocketData } from './room-sockets.js';

export interface RoomCounts {
  participantCount: number;
  spectatorCount: number;
}

/**
 * Who is in the shared story rooms right now, across every gateway instance: one question through the
 * socket.io Redis adapter (fetchSockets) that every instance answers with its sockets in those rooms.
 * A hero with two tabs open counts once; an instance that goes away stops being asked.
 */
@Injectable()
export class RoomPresence {
  constructor(private readonly realtime: RealtimeServer) {}

  async counts(roomIds: string[]): Promise<Map<string, RoomCounts>> {
    const heroesByRoom = new Map<string, Map<string, boolean>>(roomIds.map((id) => [id, new Map()]));
    const io = this.realtime.server;
    if (io && roomIds.length > 0) {
      const sockets = await io.in(roomIds.map(storyRoomChannel)).fetchSockets();
      for (const socket of sockets) {
        const { roomId, hero, role } = socket.data as StorySocketData;
        const heroes = roomId ? heroesByRoom.get(roomId) : undefined;
        if (!heroes || !hero || !role) continue;
        // A hero counts as a participant if any of its sockets participates.
        heroes.set(hero.heroId, heroes.get(hero.heroId) === true || role === 'participant');
      }
    }
    const counts = new Map<string, RoomCounts>();
    for (const [roomId, heroes] of heroesByRoom) {
      const participants = [...heroes.values()].filter(Boolean).length;
      counts.set(roomId, { participantCount: participants, spectatorCount: heroes.size - participants });
    }
    return counts;
  }
}
