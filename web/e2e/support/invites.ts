/** A host's invite-only room, made through the API, for the browser tests of invitations. */
import { expect, premiumHero, signUpViaApi, type Account, type ApiClient } from '../fixtures';

export interface InviteOnlyRoom {
  host: Account;
  roomId: string;
  title: string;
  /** The invite link's path and query: `/shared-story/{roomId}?invite={token}`. */
  invitePath: string;
  token: string;
}

/** A premium host opens a room and makes it invite-only; answers the room and its invite link. */
export async function inviteOnlyRoom(api: ApiClient, tag: string, heroName: string): Promise<InviteOnlyRoom> {
  const host = await signUpViaApi(api, tag, 'Host Starling');
  const heroId = await premiumHero(api, host, heroName, '1990-03-25');
  const created = await api.request.post('/api/shared-story/create', {
    headers: host.headers,
    data: { heroId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { roomId } = (await created.json()) as { roomId: string };
  const updated = await api.request.patch(`/api/shared-story/${roomId}`, {
    headers: host.headers,
    data: { inviteOnly: true },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  const room = (await updated.json()) as { title: string; inviteOnly: boolean; inviteToken?: string };
  expect(room.inviteOnly).toBe(true);
  const token = room.inviteToken ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  return { host, roomId, title: room.title, token, invitePath: `/shared-story/${roomId}?invite=${token}` };
}
