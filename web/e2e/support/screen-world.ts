/**
 * The accounts and heroes the screen audits show (screens.e2e.ts, screens-keyboard.e2e.ts), made once
 * per worker through the API the first time a test asks for them, and shared by both files: a worker
 * fixture lives as long as its worker, whichever file it runs. The tests only look at this world; a
 * test that changes something makes an account of its own.
 */
import {
  expect,
  generatedHero,
  madeOncePerWorker,
  premiumHero,
  signUpViaApi,
  storyBookReady,
  test as guarded,
  type Account,
  type ApiClient,
  type StoredSession,
} from '../fixtures';

export type SignedIn = Account & { session: StoredSession };

export interface World {
  /** An account with no hero. */
  newcomer: SignedIn;
  /** An account with an unpaid hero, a premium hero (its storybook made), a share link and a room. */
  owner: SignedIn;
  unpaidHeroId: string;
  premiumHeroId: string;
  sharePath: string;
  roomId: string;
}

/** Makes the accounts, heroes, share link and room of a world through the API. */
async function buildWorld(api: ApiClient): Promise<World> {
  const [newcomer, owner] = await Promise.all([
    signUpViaApi(api, 'screens-newcomer', 'Ada Moonfield'),
    signUpViaApi(api, 'screens-owner', 'Lyra Starweaver'),
  ]);
  // One non-premium hero at a time: the premium one is paid for before the unpaid one is made.
  const premiumHeroId = await premiumHero(api, owner, 'Orion Vale', '1988-10-30');
  const unpaidHeroId = await generatedHero(api, owner, 'Selene Quillfire', '1994-02-14');
  await storyBookReady(api, owner, premiumHeroId);
  const share = await api.request.post(`/api/heroes/${premiumHeroId}/share`, { headers: owner.headers });
  expect(share.status(), await share.text()).toBe(201);
  const link = (await share.json()) as { id: string; shareUrl?: string };
  const room = await api.request.post('/api/shared-story/create', {
    headers: owner.headers,
    data: { heroId: premiumHeroId },
  });
  expect(room.ok(), await room.text()).toBe(true);
  const { roomId } = (await room.json()) as { roomId: string };
  return {
    newcomer,
    owner,
    unpaidHeroId,
    premiumHeroId,
    sharePath: new URL(link.shareUrl ?? `/share/${link.id}`, 'http://x').pathname,
    roomId,
  };
}

/** The worker's world, made the first time a test asks for it (public screens never do). */
export type WorldOnce = () => Promise<World>;

export const test = guarded.extend<object, { world: WorldOnce }>({ world: madeOncePerWorker(buildWorld) });
