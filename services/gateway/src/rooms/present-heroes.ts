import type { RoomPresentHeroDto } from '@starborn/contracts';

/** What presence reads of a socket (a local socket or one fetched from another instance). */
interface PresenceSocket {
  data: { roomId?: string; hero?: { heroId: string; name: string; avatar: string | null }; role?: string };
}

/**
 * The heroes of these sockets, by room: a hero with two tabs open counts once, as a participant if any
 * tab participates; participants first.
 */
export function heroesByRoom(sockets: Iterable<PresenceSocket>): Map<string, RoomPresentHeroDto[]> {
  const byRoom = new Map<string, Map<string, RoomPresentHeroDto>>();
  for (const socket of sockets) {
    const { roomId, hero, role } = socket.data;
    if (!roomId || !hero || !role) continue;
    const heroes = byRoom.get(roomId) ?? new Map<string, RoomPresentHeroDto>();
    byRoom.set(roomId, heroes);
    const participant = heroes.get(hero.heroId)?.role === 'participant' || role === 'participant';
    heroes.set(hero.heroId, {
      id: hero.heroId,
      name: hero.name,
      avatar: hero.avatar,
      role: participant ? 'participant' : 'spectator',
    });
  }
  const result = new Map<string, RoomPresentHeroDto[]>();
  for (const [roomId, heroes] of byRoom) {
    const all = [...heroes.values()];
    result.set(roomId, [
      ...all.filter((hero) => hero.role === 'participant'),
      ...all.filter((hero) => hero.role === 'spectator'),
    ]);
  }
  return result;
}
