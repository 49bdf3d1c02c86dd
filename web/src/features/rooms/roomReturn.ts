/**
 * The room a signed-in person was invited to before they had a hero (or before their hero was premium):
 * remembered for the tab, with the invite link's token, while they go through the wizard (and
 * checkout), so the hero page can offer the way back into the story. Without the token an invite-only
 * room would refuse them.
 */
import type { KeyValueStorage } from '../auth/session';

export const ROOM_RETURN_KEY = 'sharedStoryReturn';

export interface RoomReturn {
  roomId: string;
  /** The invite link's token, when the room was opened through one. */
  invite: string | null;
}

export function rememberRoomReturn(
  storage: KeyValueStorage,
  userId: string,
  roomId: string,
  invite?: string | null,
): void {
  try {
    storage.setItem(ROOM_RETURN_KEY, JSON.stringify({ userId, roomId, invite: invite || null }));
  } catch {
    // Without storage the way back is the invite link itself.
  }
}

/** The remembered room of this user, or null. */
export function roomToReturnTo(storage: KeyValueStorage, userId: string | null | undefined): string | null {
  return roomReturnOf(storage, userId)?.roomId ?? null;
}

/** The remembered room of this user with its invite token, or null. */
export function roomReturnOf(storage: KeyValueStorage, userId: string | null | undefined): RoomReturn | null {
  if (!userId) return null;
  try {
    const value = JSON.parse(storage.getItem(ROOM_RETURN_KEY) ?? 'null') as {
      userId?: unknown;
      roomId?: unknown;
      invite?: unknown;
    } | null;
    if (value?.userId !== userId || typeof value.roomId !== 'string' || value.roomId === '') return null;
    const invite = typeof value.invite === 'string' && value.invite !== '' ? value.invite : null;
    return { roomId: value.roomId, invite };
  } catch {
    return null;
  }
}

export function forgetRoomReturn(storage: KeyValueStorage): void {
  try {
    storage.removeItem(ROOM_RETURN_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** The room with the hero that is to join it (and the invite token that lets it into an invite-only room). */
export function roomPathWithHero(roomId: string, heroId: string, invite?: string | null): string {
  const path = `/shared-story/${encodeURIComponent(roomId)}?heroId=${encodeURIComponent(heroId)}`;
  return invite ? `${path}&invite=${encodeURIComponent(invite)}` : path;
}

/** The way back is offered once the hero is made (its images and backstory are ready). */
export function heroReadyForRoom(hero: { status: string } | undefined): boolean {
  return hero?.status === 'complete';
}
