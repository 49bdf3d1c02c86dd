/**
 * The people and things the authorization suite needs, made through the public API of a running
 * system: accounts, generated heroes, a hero made premium by a succeeded test-card payment, its
 * storybook promoted, a share link and a shared story room.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Api, eventually } from './client.js';

export interface Account {
  name: string;
  email: string;
  password: string;
  token: string;
  userId: string;
}

export interface Owner extends Account {
  heroId: string;
  storyBookId: string;
  birthdate: string;
}

export interface World {
  /** An account that no role uses as its identity (the visitor signs in with it in the login row). */
  spare: Account;
  /** Another user, with an unpaid hero of their own. */
  other: Owner;
  /** Owner of an unpaid hero. */
  unpaid: Owner;
  /** Owner of a hero made premium by a succeeded payment. */
  paid: Owner;
  /** The paid hero's share link. */
  shareId: string;
  /** A room created by the paid owner. */
  roomId: string;
}

export const PASSWORD = 'system-password-1';
export const newHeroId = () => randomUUID().replaceAll('-', '');
export const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });
export const GOOD_CARD = card('4242 4242 4242 4242');
export const DECLINED_CARD = card('4000 0000 0000 0002');

function expectStatus(what: string, response: { status: number; text: string }, ...allowed: number[]) {
  if (!allowed.includes(response.status)) {
    throw new Error(`${what}: ${response.status} ${response.text.slice(0, 300)}`);
  }
}

export async function register(api: Api, label: string): Promise<Account> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const name = `System ${label}`;
  const response = await api.post('/api/auth/register', undefined, { name, email, password: PASSWORD });
  expectStatus(`register ${label}`, response, 201);
  return { name, email, password: PASSWORD, token: response.json.token, userId: response.json.user.id };
}

/** Creates and generates a hero (complete), and waits for its storybook. */
export async function heroFor(
  api: Api,
  account: Account,
  heroName: string,
  birthdate = '1990-07-25',
): Promise<Owner> {
  const heroId = newHeroId();
  const created = await api.post('/api/heroes', account.token, { heroName, birthdate, heroId });
  expectStatus(`create hero of ${account.email}`, created, 201);
  const generated = await api.post(`/api/heroes/generate/${heroId}`, account.token);
  expectStatus(`generate hero of ${account.email}`, generated, 200);
  if (generated.json.hero?.status !== 'complete')
    throw new Error(`generate: ${generated.text.slice(0, 300)}`);
  const storyBookId = await eventually(
    async () => {
      const story = await api.get(`/api/heroes/${heroId}/storybook`, account.token);
      return story.status === 200 ? (story.json.storyBook.id as string) : undefined;
    },
    30_000,
    `storybook of ${heroId}`,
  );
  return { ...account, heroId, storyBookId, birthdate };
}

/** What the checkout sends to start paying for a hero: premium upgrade or a chapter pack. */
export const intentBody = (heroId: string, kind: 'premium_upgrade' | 'chapters') => ({
  amount: 1,
  currency: 'usd',
  heroId,
  walletAddress: '',
  unlockChapters: kind === 'chapters',
  paymentType: kind,
  is_test: true,
});

/** A payment intent of the owner for its hero: premium upgrade or a chapter pack. */
export async function intentFor(api: Api, owner: Owner, kind: 'premium_upgrade' | 'chapters') {
  const response = await api.post('/api/create-payment-intent', owner.token, intentBody(owner.heroId, kind));
  expectStatus(`${kind} intent for ${owner.heroId}`, response, 200);
  return response.json as { clientSecret: string; paymentIntentId: string; amount: number };
}

/** A succeeded test-card payment of the owner (the checkout's two calls). */
export async function pay(api: Api, owner: Owner, kind: 'premium_upgrade' | 'chapters') {
  const intent = await intentFor(api, owner, kind);
  const confirmed = await api.post('/api/payments/local/confirm', owner.token, {
    clientSecret: intent.clientSecret,
    card: GOOD_CARD,
  });
  expectStatus(`confirm ${kind} for ${owner.heroId}`, confirmed, 200);
  return intent;
}

export async function buildWorld(api: Api): Promise<World> {
  const [spare, otherAccount, unpaidAccount, paidAccount] = await Promise.all(
    ['spare', 'other', 'unpaid', 'paid'].map((label) => register(api, label)),
  );
  const [other, unpaid, paid] = await Promise.all([
    heroFor(api, otherAccount, 'Other Wanderer', '1975-11-02'),
    heroFor(api, unpaidAccount, 'Unpaid Seeker', '1990-07-25'),
    heroFor(api, paidAccount, 'Paid Champion', '1988-03-30'),
  ]);

  // Premium through the checkout's path: intent, card payment, then setpremium (which only checks).
  await pay(api, paid, 'premium_upgrade');
  await eventually(
    async () => {
      const premium = await api.post(`/api/heroes/setpremium/${paid.heroId}`, paid.token);
      return premium.status === 200 && premium.json.paymentStatus === 'paid';
    },
    20_000,
    'setpremium after a succeeded payment',
  );
  // The payment also promotes the story (10 chapters, 4 unlocked), through its own event.
  await eventually(
    async () => {
      const story = await api.get(`/api/heroes/${paid.heroId}/storybook`, paid.token);
      return (
        story.status === 200 &&
        story.json.storyBook.isPremium &&
        story.json.storyBook.chaptersUnlockedCount === 4
      );
    },
    30_000,
    'premium storybook of the paid hero',
  );

  const { shareId, roomId } = await shareAndRoom(api, paid.token, paid.heroId);
  return { spare, other, unpaid, paid, shareId, roomId };
}

/** A share link of the hero, and a shared story room its owner opens with it. */
export async function shareAndRoom(api: Api, token: string, heroId: string) {
  const share = await api.post(`/api/heroes/${heroId}/share`, token);
  expectStatus(`share ${heroId}`, share, 201);
  const room = await api.post('/api/shared-story/create', token, { heroId });
  expectStatus(`create a room with ${heroId}`, room, 201);
  return { shareId: share.json.id as string, roomId: room.json.roomId as string };
}

/**
 * What must never reach a viewer, read from the database as it is now: for every hero, the storage
 * keys of its full-quality files and a piece of its backstory past the free 300 characters; and
 * every chapter that is written but still locked.
 */
export interface Secret {
  what: string;
  needle: string;
  heroId: string;
  /** Whether the hero is paid (its owner may see it; shared links and rooms show it to others). */
  paidHero: boolean;
  ownerId: string;
  /** Locked chapters are secret from everyone, the owner included. */
  locked: boolean;
}

export async function readSecrets(db: pg.Client): Promise<Secret[]> {
  const secrets: Secret[] = [];
  const heroes = await db.query<{
    id: string;
    owner_id: string;
    payment_status: string;
    backstory: string | null;
  }>(`SELECT id, owner_id, payment_status, backstory FROM heroes.heroes`);
  const chapters = await db.query<{
    hero_id: string;
    user_id: string;
    chapter_number: number;
    content: string;
    unlocked: boolean;
  }>(
    `SELECT s.hero_id, s.user_id, c.chapter_number, c.content, c.chapter_number <= s.chapters_unlocked_count AS unlocked
       FROM storybook.chapters c JOIN storybook.storybooks s ON s.id = c.storybook_id
      WHERE c.content IS NOT NULL`,
  );
  // The same rows give the same secrets: reuse them (the suite asks after every call).
  const fingerprint = JSON.stringify([
    heroes.rows.map((hero) => [hero.id, hero.payment_status, hero.backstory?.length]),
    chapters.rows.map((chapter) => [
      chapter.hero_id,
      chapter.chapter_number,
      chapter.unlocked,
      chapter.content.length,
    ]),
  ]);
  if (lastSecrets?.fingerprint === fingerprint) return lastSecrets.secrets;

  // A needle proves a leak only if it is found in no other text: the local writer reuses phrases
  // across heroes and chapters, so every needle is checked against every other text there is.
  const texts = [
    ...heroes.rows.map((hero) => ({ id: `hero ${hero.id}`, text: hero.backstory ?? '' })),
    ...chapters.rows.map((chapter) => ({
      id: `chapter ${chapter.hero_id} ${chapter.chapter_number}`,
      text: chapter.content,
    })),
  ];
  const othersThan = (id: string, ownVisiblePart = '') =>
    [...texts.filter((entry) => entry.id !== id).map((entry) => entry.text), ownVisiblePart].join('\n');
  for (const hero of heroes.rows) {
    const base = {
      heroId: hero.id,
      paidHero: hero.payment_status === 'paid',
      ownerId: hero.owner_id,
      locked: false,
    };
    secrets.push({
      ...base,
      what: `full-quality files of hero ${hero.id}`,
      needle: `heroes/${hero.id}/full/`,
    });
    const story = hero.backstory ?? '';
    const tail = sampleBeyond(story, 305, othersThan(`hero ${hero.id}`, story.slice(0, 300)));
    if (tail)
      secrets.push({ ...base, what: `backstory of hero ${hero.id} past 300 characters`, needle: tail });
  }
  for (const chapter of chapters.rows) {
    if (chapter.unlocked) continue;
    const needle = sampleBeyond(
      chapter.content,
      0,
      othersThan(`chapter ${chapter.hero_id} ${chapter.chapter_number}`),
    );
    if (!needle) continue;
    secrets.push({
      what: `locked chapter ${chapter.chapter_number} of hero ${chapter.hero_id}`,
      needle,
      heroId: chapter.hero_id,
      paidHero: true,
      ownerId: chapter.user_id,
      locked: true,
    });
  }
  lastSecrets = { fingerprint, secrets };
  return secrets;
}

let lastSecrets: { fingerprint: string; secrets: Secret[] } | undefined;

/** 48 characters of plain text from `text` after `from` that occur neither before `from` nor in `elsewhere`. */
function sampleBeyond(text: string, from: number, elsewhere: string): string | undefined {
  for (let start = from; start + 48 <= text.length; start += 8) {
    const piece = text.slice(start, start + 48);
    if (
      /^[A-Za-z0-9 ,.;'’-]+$/.test(piece) &&
      !text.slice(0, start).includes(piece) &&
      !elsewhere.includes(piece)
    ) {
      return piece;
    }
  }
  return undefined;
}
