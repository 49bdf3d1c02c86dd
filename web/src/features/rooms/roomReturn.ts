/**
 * The room a signed-in person was invited to before they had a hero: remembered for the tab while they
 * go through the wizard (and checkout), so the hero page can offer the way back into the story.
 */
import type { KeyValueStorage } from '../auth/session';

export const ROOM_RETURN_KEY = 'sharedStoryReturn';

export function rememberRoomReturn(storage: KeyValueStorage, userId: string, roomId: string): void {
  try {
    storage.setItem(ROOM_RETURN_KEY, JSON.stringify({ userId, roomId }));
  } catch {
    // Without storage the way back is the invite link itself.
  }
}

/** The remembered room of this user, or null. */
export function roomToReturnTo(storage: KeyValueStorage, userId: string | null | undefined): string | null {
  if (!userId) return null;
  try {
    const value = JSON.parse(storage.getItem(ROOM_RETURN_KEY) ?? 'null') as {
      userId?: unknown;
      roomId?: unknown;
    } | null;
    if (value?.userId !== userId || typeof value.roomId !== 'string' || value.roomId === '') return null;
    return value.roomId;
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

/** The room with the hero that is to join it. */
export function roomPathWithHero(roomId: string, heroId: string): string {
  return `/shared-story/${encodeURIComponent(roomId)}?heroId=${encodeURIComponent(heroId)}`;
}

/** The way back is offered once the hero is made (its images and backstory are ready). */
export function heroReadyForRoom(hero: { status: string } | undefined): boolean {
  return hero?.status === 'complete';
}
