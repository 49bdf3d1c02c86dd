/**
 * System proof, part 1: the authorization matrix (issue 9).
 *
 * The whole stack runs as real processes (two gateways, two generation workers, one of every other
 * service; scripts/system/harness.ts). Every HTTP operation of the gateway's OpenAPI document has a
 * row below — a new endpoint without a row fails the suite — and is called as each of four roles:
 *
 *   visitor   no token                         addresses the paid owner's things (and the unpaid one's)
 *   other     another signed-in user            addresses the paid owner's things (and the unpaid one's)
 *   unpaid    the owner of an unpaid hero       addresses their own things
 *   paid      the owner of a hero made premium  addresses their own things
 *             by a succeeded test-card payment
 *
 * Each cell must answer exactly the status of the table (docs/decisions.md: another user's
 * hero is 404, not 403; the unpaid owner gets 402/403 for what needs a payment). Every answer is also
 * searched for what its caller must never receive, read from the database after the call: full-quality
 * storage keys of unpaid or foreign heroes, backstory text past the free 300 characters, and chapters
 * that are written but still locked (these from everyone, the owner included).
 *
 * Then the same for the shared story socket events, the signed /media URLs, and the queue dashboard.
 */
import pg from 'pg';
import yauzl from 'yauzl';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, importPKCS8 } from 'jose';
import { Api, eventually, SocketClient, type ApiRequest, type ApiResponse } from './client.js';
import { startSystem, type System } from './harness.js';
import {
  buildWorld,
  DECLINED_CARD,
  heroFor,
  register,
  GOOD_CARD,
  intentFor,
  newHeroId,
  pay,
  PASSWORD,
  readSecrets,
  type Account,
  type Owner,
  type World,
} from './world.js';

type Role = 'visitor' | 'other' | 'unpaid' | 'paid';
const ROLES: Role[] = ['visitor', 'other', 'unpaid', 'paid'];
const ROLE_NAMES: Record<Role, string> = {
  visitor: 'visitor',
  other: 'another user',
  unpaid: 'unpaid owner',
  paid: 'paid owner',
};

/** One call of the table: who calls (no actor: a visitor) and whose things it addresses. */
interface Cell {
  role: Role;
  actor?: Account;
  token?: string;
  target: Owner;
}

/**
 * How one row of the table is called, and what else its answers must show. Rows name their line of
 * TABLE ('METHOD /path', or 'METHOD /path #case' for another case of the same operation).
 */
interface Call {
  row: string;
  request(cell: Cell): ApiRequest | Promise<ApiRequest>;
  /** More to check of a 2xx answer than its status. */
  check?(response: ApiResponse, cell: Cell): void | Promise<void>;
  /**
   * The visitor and another user also try it on the unpaid owner's things (same answer expected).
   * Off for rows about the paid owner's share link or room, which the unpaid owner does not have.
   */
  bothOwners?: boolean;
  /**
   * The answer may show the premium hero to others — full-quality images and the whole backstory —
   * because its owner published it: the public share page (docs/decisions.md, "Share links") and a
   * shared story room (participants' avatars).
   */
  showsPremiumHero?: boolean;
}

// ─────────────────────────────────────────────────────────────────────────────────────────────────
// THE MATRIX: the status each role must get. Rows run in this order (later rows see earlier ones'
// effects: e.g. the paid owner's chapter packs unlock 4 → 7 → 10 chapters).
//   visitor and another user: on the paid owner's hero (and, where it applies, the unpaid owner's)
//   unpaid owner / paid owner: on their own hero
// ─────────────────────────────────────────────────────────────────────────────────────────────────
const TABLE = parseTable(`
  operation                                                    visitor  another  unpaid  paid
                                                                        user     owner   owner
  POST   /api/auth/register                                      201      201      201     201
  POST   /api/auth/login                                         200      200      200     200
  POST   /api/auth/login #wrong-password                         401      401      401     401
  GET    /api/user                                               401      200      200     200
  POST   /api/auth/logout                                        401      200      200     200
  POST   /api/auth/logout-all                                    401      200      200     200
  PATCH  /api/user                                               401      200      200     200
  POST   /api/user/password                                      401      200      200     200
  POST   /api/user/password #wrong-current-password              401      400      400     400
  DELETE /api/user                                               401      200      200     200
  DELETE /api/user #wrong-password                               401      400      400     400
  POST   /api/heroes                                             401      403      409     201
  POST   /api/heroes/generate/{heroId}                           401      404      200     200
  GET    /api/heroes/{id}                                        401      404      200     200
  GET    /api/heroes/{id} #preview-id                            401      404      200     200
  GET    /api/user/heroes                                        401      200      200     200
  POST   /api/heroes/{heroId}/art/recreate                       401      404      403     202
  GET    /api/heroes/{heroId}/art/versions                       401      404      200     200
  PUT    /api/heroes/{heroId}/art/current                        401      404      200     200
  POST   /api/heroes/{id}/share                                  401      404      403     201
  GET    /api/share/{shareId}                                    200      200      200     200
  GET    /api/share/{shareId} #guessed-link                      404      404      404     404
  GET    /api/share/{shareId}/card/{file}                        200      200      200     200
  GET    /api/user/shares                                        401      200      200     200
  GET    /api/user/export                                        401      200      200     200
  DELETE /api/shares/{id}                                        401      404      404     200
  GET    /api/share/{shareId} #deactivated-link                  404      404      404     404
  GET    /api/share/{shareId}/card/{file} #deactivated-link      404      404      404     404
  GET    /api/heroes/{id}/download                               401      404      403     200
  GET    /api/heroes/{heroId}/storybook/export #epub             401      404      403     200
  GET    /api/heroes/{heroId}/storybook/export #pdf              401      404      403     200
  GET    /api/status/openai-quota                                200      200      200     200
  POST   /api/support                                            201      201      201     201
  GET    /api/health                                             200      200      200     200
  GET    /api/health/live                                        200      200      200     200
  GET    /api/health/ready                                       200      200      200     200
  GET    /api/payments/config                                    200      200      200     200
  GET    /api/payments/quote                                     401      404      200     409
  POST   /api/create-payment-intent                              401      404      200     200
  POST   /api/payments/local/confirm                             401      404      402     200
  POST   /api/payments/webhook                                   400      400      400     400
  POST   /api/heroes/setpremium/{heroId}                         401      404      402     200
  GET    /api/heroes/{heroId}/storybook                          401      404      200     200
  POST   /api/storybook/{storyBookId}                            401      404      402     200
  POST   /api/storybook/{heroId}/unlock-after-payment            401      404      402     200
  POST   /api/storybook/{storyBookId}/unlock                     401      404      402     409
  GET    /api/shared-story                                       401      200      200     200
  GET    /api/shared-story/{roomId}                              401      200      200     200
  POST   /api/shared-story/create                                401      404      403     201
  PATCH  /api/shared-story/{roomId}                              401      403      403     200
  POST   /api/shared-story/{roomId}/remove                       401      403      403     200
  POST   /api/shared-story/{roomId}/close                        401      403      403     200
`);

interface TableRow {
  /** 'METHOD /path' or 'METHOD /path #case' */
  row: string;
  /** 'METHOD /path', as the OpenAPI document names the operation */
  op: string;
  expect: Record<Role, number>;
}

function parseTable(text: string): TableRow[] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((words) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(words[0]))
    .map((words) => {
      const [method, path, ...rest] = words;
      const tag = rest[0]?.startsWith('#') ? rest.shift() : undefined;
      const codes = rest.map(Number);
      if (codes.length !== 4 || codes.some((code) => !Number.isInteger(code))) {
        throw new Error(`Bad table line: ${words.join(' ')}`);
      }
      const op = `${method} ${path}`;
      return {
        row: tag ? `${op} ${tag}` : op,
        op,
        expect: { visitor: codes[0], other: codes[1], unpaid: codes[2], paid: codes[3] },
      };
    });
}

let system: System;
let api: Api;
let db: pg.Client;
let world: World;

const heroOf = (cell: Cell) => cell.target.heroId;
const jsonBody = (response: ApiResponse) => response.json;
const fail = (message: string): never => {
  throw new Error(message);
};

/** The share link the paid owner deactivates in the DELETE /api/shares/{id} row. */
let deactivatedShareId: string | undefined;
/** The share's card, as its page names it, before the link is deactivated. */
let shareCardPath: string | undefined;

// ─────────────────────────────────────────────────────────────────────────────────────────────────
// How each row is called (and what else its answers must show).
// ─────────────────────────────────────────────────────────────────────────────────────────────────
const CALLS: Call[] = [
  // ── accounts ──────────────────────────────────────────────────────────────────────────────────
  {
    row: 'POST /api/auth/register',
    request: ({ token }) => ({
      method: 'POST',
      path: '/api/auth/register',
      token,
      body: {
        name: 'New Person',
        email: `new-${randomBytes(4).toString('hex')}@example.com`,
        password: PASSWORD,
      },
    }),
  },
  {
    row: 'POST /api/auth/login',
    request: ({ actor, token }) => {
      const account = actor ?? world.spare;
      return {
        method: 'POST',
        path: '/api/auth/login',
        token,
        body: { email: account.email, password: PASSWORD },
      };
    },
    check: (response, { actor }) => {
      expect(response.json.user.id).toBe((actor ?? world.spare).userId);
    },
  },
  {
    row: 'POST /api/auth/login #wrong-password',
    request: ({ token }) => ({
      method: 'POST',
      path: '/api/auth/login',
      token,
      body: { email: world.paid.email, password: 'not-the-password' },
    }),
  },
  {
    // A fresh sign-in of the caller is signed out, so the role's own token stays valid for later rows.
    row: 'POST /api/auth/logout',
    request: async ({ actor, token }) => {
      if (!token || !actor) return { method: 'POST', path: '/api/auth/logout', token };
      const session = await api.post('/api/auth/login', undefined, {
        email: actor.email,
        password: PASSWORD,
      });
      return { method: 'POST', path: '/api/auth/logout', token: session.json.token as string };
    },
  },
  {
    // Signing out everywhere would end the role's own sessions: a throwaway account of each signed-in role.
    row: 'POST /api/auth/logout-all',
    request: async ({ token }) => {
      if (!token) return { method: 'POST', path: '/api/auth/logout-all' };
      const throwaway = await register(api, 'logout-all');
      return { method: 'POST', path: '/api/auth/logout-all', token: throwaway.token };
    },
  },
  {
    row: 'GET /api/user',
    request: ({ token }) => ({ method: 'GET', path: '/api/user', token }),
    check: (response, { actor }) => {
      if (response.status === 200) expect(response.json.id).toBe(actor!.userId);
    },
  },
  {
    // The caller's own name, given again: the route renames only its caller, and later rows keep it.
    row: 'PATCH /api/user',
    request: ({ actor, token }) => ({
      method: 'PATCH',
      path: '/api/user',
      token,
      body: { name: actor?.name ?? 'Visitor' },
    }),
    check: (response, { actor }) => {
      expect(response.json).toMatchObject({ id: actor!.userId, name: actor!.name });
    },
  },
  {
    // A password change signs out the caller's other sessions: a throwaway account of each signed-in role.
    row: 'POST /api/user/password',
    request: async ({ token }) => {
      const body = { currentPassword: PASSWORD, newPassword: `${PASSWORD}-changed` };
      if (!token) return { method: 'POST', path: '/api/user/password', body };
      const throwaway = await register(api, 'password');
      return { method: 'POST', path: '/api/user/password', token: throwaway.token, body };
    },
    check: (response) => {
      expect(response.json).toMatchObject({ token: expect.any(String), user: { id: expect.any(String) } });
    },
  },
  {
    row: 'POST /api/user/password #wrong-current-password',
    request: ({ token }) => ({
      method: 'POST',
      path: '/api/user/password',
      token,
      body: { currentPassword: 'not-the-password', newPassword: `${PASSWORD}-changed` },
    }),
  },
  {
    // Deleting an account ends it: a throwaway account of each signed-in role, never the world's users.
    row: 'DELETE /api/user',
    request: async ({ token }) => {
      if (!token) return { method: 'DELETE', path: '/api/user', body: { password: PASSWORD } };
      const throwaway = await register(api, 'delete-account');
      return { method: 'DELETE', path: '/api/user', token: throwaway.token, body: { password: PASSWORD } };
    },
    check: (response) => {
      expect(response.json).toEqual({ deleted: true });
    },
  },
  {
    // A wrong password deletes nothing, so the roles' own accounts are safe to ask with.
    row: 'DELETE /api/user #wrong-password',
    request: ({ token }) => ({
      method: 'DELETE',
      path: '/api/user',
      token,
      body: { password: 'not-the-password' },
    }),
  },

  // ── heroes ────────────────────────────────────────────────────────────────────────────────────
  {
    // The body names the target owner's account: another user may not create heroes for it; the
    // unpaid owner already has their one non-premium hero; the paid owner may create a new one.
    row: 'POST /api/heroes',
    bothOwners: true,
    request: ({ token, target }) => ({
      method: 'POST',
      path: '/api/heroes',
      token,
      body: { heroName: 'Second Star', birthdate: '1985-01-02', heroId: newHeroId(), userId: target.userId },
    }),
    check: (response) => {
      expect(response.json.hero).toMatchObject({ paymentStatus: 'unpaid', status: 'pending' });
    },
  },
  {
    row: 'POST /api/heroes/generate/{heroId}',
    bothOwners: true,
    request: (cell) => ({ method: 'POST', path: `/api/heroes/generate/${heroOf(cell)}`, token: cell.token }),
    check: (response, cell) => checkHeroView(response.json.hero, cell),
  },
  {
    row: 'GET /api/heroes/{id}',
    bothOwners: true,
    request: (cell) => ({ method: 'GET', path: `/api/heroes/${heroOf(cell)}`, token: cell.token }),
    check: (response, cell) => checkHeroView(response.json, cell),
  },
  {
    row: 'GET /api/heroes/{id} #preview-id',
    bothOwners: true,
    request: (cell) => ({ method: 'GET', path: `/api/heroes/preview-${heroOf(cell)}`, token: cell.token }),
    check: (response, cell) => checkHeroView(response.json, cell, { preview: true }),
  },
  {
    row: 'GET /api/user/heroes',
    request: ({ token }) => ({ method: 'GET', path: '/api/user/heroes', token }),
    check: async (response, { actor }) => {
      const owned = await heroIdsOf(actor!.userId);
      for (const hero of response.json.heroes) {
        expect(owned).toContain(hero.id);
        const kind = hero.paymentStatus === 'paid' ? '/full/' : '/preview/';
        for (const image of hero.images) expect(image.url).toContain(kind);
      }
    },
  },

  // ── the art's versions (recreating is premium) ───────────────────────────────────────────────
  {
    row: 'POST /api/heroes/{heroId}/art/recreate',
    bothOwners: true,
    request: (cell) => ({
      method: 'POST',
      path: `/api/heroes/${heroOf(cell)}/art/recreate`,
      token: cell.token,
    }),
    check: (response) => {
      expect(response.json.version).toMatchObject({ version: 1, status: 'generating', current: false });
    },
  },
  {
    row: 'GET /api/heroes/{heroId}/art/versions',
    bothOwners: true,
    request: (cell) => ({
      method: 'GET',
      path: `/api/heroes/${heroOf(cell)}/art/versions`,
      token: cell.token,
    }),
    check: (response, { role }) => {
      // The first art is version 0, shown; the paid owner's recreation is listed behind it.
      expect(response.json.versions[0]).toMatchObject({ version: 0, current: true });
      expect(response.json.versions).toHaveLength(role === 'paid' ? 2 : 1);
    },
  },
  {
    // Version 0, the first art, can always be shown again (unpaid heroes have only it).
    row: 'PUT /api/heroes/{heroId}/art/current',
    bothOwners: true,
    request: (cell) => ({
      method: 'PUT',
      path: `/api/heroes/${heroOf(cell)}/art/current`,
      token: cell.token,
      body: { version: 0 },
    }),
    check: (response, cell) => {
      expect(response.json.hero).toMatchObject({ artVersion: 0 });
      checkHeroView(response.json.hero, cell);
    },
  },

  // ── sharing (premium) ─────────────────────────────────────────────────────────────────────────
  {
    row: 'POST /api/heroes/{id}/share',
    bothOwners: true,
    request: (cell) => ({ method: 'POST', path: `/api/heroes/${heroOf(cell)}/share`, token: cell.token }),
    check: (response, { role }) => {
      if (role === 'paid') expect(response.json).toMatchObject({ id: world.shareId, isActive: true });
    },
  },
  {
    row: 'GET /api/share/{shareId}',
    showsPremiumHero: true,
    request: ({ token }) => ({ method: 'GET', path: `/api/share/${world.shareId}`, token }),
    check: (response) => {
      // The public page gets the hero's name, images, signs and backstory: no owner, ids or birth date.
      expect(Object.keys(response.json.hero).sort()).toEqual(
        ['backstory', 'cardPath', 'chineseZodiac', 'images', 'name', 'westernZodiac'].sort(),
      );
      // (The hero id is part of its media URLs' storage keys; an id alone opens nothing.)
      for (const leak of [world.paid.email, world.paid.userId, world.paid.birthdate]) {
        expect(response.text).not.toContain(leak);
      }
    },
  },
  {
    row: 'GET /api/share/{shareId} #guessed-link',
    request: ({ token }) => ({
      method: 'GET',
      path: `/api/share/${randomBytes(18).toString('base64url')}`,
      token,
    }),
  },
  {
    // The link preview card: public like the page it belongs to.
    row: 'GET /api/share/{shareId}/card/{file}',
    showsPremiumHero: true,
    request: async ({ token }) => {
      shareCardPath ??= (await api.get(`/api/share/${world.shareId}`)).json.hero.cardPath as string;
      return { method: 'GET', path: shareCardPath, token };
    },
    check: (response) => {
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    },
  },
  {
    row: 'GET /api/user/shares',
    request: ({ token }) => ({ method: 'GET', path: '/api/user/shares', token }),
    check: (response, { role }) => {
      const ids = response.json.sharedLinks.map((link: { id: string }) => link.id);
      if (role === 'paid') expect(ids).toContain(world.shareId);
      else expect(ids).toEqual([]);
    },
  },
  {
    // The caller's own data alone (what it may not see is the leak check's, on the unzipped files).
    row: 'GET /api/user/export',
    request: ({ token }) => ({ method: 'GET', path: '/api/user/export', token }),
    check: async (response, { role, actor }) => {
      expect(response.headers.get('content-type')).toBe('application/zip');
      const files = new Map((await unzip(response.body)).map((entry) => [entry.name, entry.text]));
      expect(JSON.parse(files.get('account.json')!).user.id).toBe(actor!.userId);
      const heroIds = JSON.parse(files.get('heroes.json')!).map((hero: { id: string }) => hero.id);
      if (role === 'paid') expect(heroIds).toContain(world.paid.heroId);
      // Exactly the caller's heroes.
      expect(heroIds.sort()).toEqual((await heroIdsOf(actor!.userId)).sort());
    },
  },
  {
    // The unpaid owner has no link (sharing needs premium): a well-formed id of nobody's link.
    row: 'DELETE /api/shares/{id}',
    request: async ({ role, token }) => {
      // The refused calls before this one left the link active.
      if (role === 'paid') expect((await api.get(`/api/share/${world.shareId}`)).status).toBe(200);
      return {
        method: 'DELETE',
        path: `/api/shares/${role === 'unpaid' ? randomBytes(18).toString('base64url') : world.shareId}`,
        token,
      };
    },
    check: (response, { role }) => {
      if (role === 'paid') {
        expect(response.json.isActive).toBe(false);
        deactivatedShareId = world.shareId;
      }
    },
  },
  {
    row: 'GET /api/share/{shareId} #deactivated-link',
    request: ({ token }) => ({
      method: 'GET',
      path: `/api/share/${deactivatedShareId ?? world.shareId}`,
      token,
    }),
  },
  {
    row: 'GET /api/share/{shareId}/card/{file} #deactivated-link',
    request: ({ token }) => {
      if (!shareCardPath) throw new Error('The card row runs before the link is deactivated');
      return { method: 'GET', path: shareCardPath, token };
    },
  },
  {
    row: 'GET /api/heroes/{id}/download',
    bothOwners: true,
    request: (cell) => ({ method: 'GET', path: `/api/heroes/${heroOf(cell)}/download`, token: cell.token }),
    check: async (response, { role }) => {
      if (role !== 'paid') return;
      expect(response.headers.get('content-type')).toBe('application/zip');
      const entries = await unzip(response.body);
      const story = (await api.get(`/api/heroes/${world.paid.heroId}/storybook`, world.paid.token)).json;
      const unlocked = story.chapters.filter(
        (c: { unlocked: boolean; content: string | null }) => c.unlocked && c.content,
      );
      expect(
        entries.filter((entry) => entry.name.startsWith('chapters/') && !entry.name.endsWith('/')),
      ).toHaveLength(unlocked.length);
    },
  },
  ...(['epub', 'pdf'] as const).map((format): Call => ({
    row: `GET /api/heroes/{heroId}/storybook/export #${format}`,
    bothOwners: true,
    request: (cell) => ({
      method: 'GET',
      path: `/api/heroes/${heroOf(cell)}/storybook/export?format=${format}`,
      token: cell.token,
    }),
    check: (response, { role }) => {
      if (role !== 'paid') return;
      expect(response.headers.get('content-type')).toBe(
        format === 'epub' ? 'application/epub+zip' : 'application/pdf',
      );
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="[a-z0-9-]+-storybook\\.${format}"$`),
      );
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      // An EPUB opens with its stored mimetype entry; a PDF with its header.
      if (format === 'epub') expect(response.body.subarray(30, 38).toString('ascii')).toBe('mimetype');
      else expect(response.body.subarray(0, 5).toString('ascii')).toBe('%PDF-');
    },
  })),

  // ── public information ────────────────────────────────────────────────────────────────────────
  {
    row: 'GET /api/status/openai-quota',
    request: ({ token }) => ({ method: 'GET', path: '/api/status/openai-quota', token }),
  },
  {
    row: 'POST /api/support',
    request: ({ token }) => ({
      method: 'POST',
      path: '/api/support',
      token,
      body: {
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Hello',
        message: 'A question.',
        category: 'account',
      },
    }),
  },
  {
    row: 'GET /api/health',
    request: ({ token }) => ({ method: 'GET', path: '/api/health', token }),
  },
  {
    row: 'GET /api/health/live',
    request: ({ token }) => ({ method: 'GET', path: '/api/health/live', token }),
  },
  {
    row: 'GET /api/health/ready',
    request: ({ token }) => ({ method: 'GET', path: '/api/health/ready', token }),
  },
  {
    row: 'GET /api/payments/config',
    request: ({ token }) => ({ method: 'GET', path: '/api/payments/config', token }),
  },
  {
    // The premium upgrade's price: the paid hero has nothing of that kind left to buy (409).
    row: 'GET /api/payments/quote',
    request: ({ token, target }) => ({
      method: 'GET',
      path: `/api/payments/quote?heroId=${target.heroId}&paymentType=premium_upgrade`,
      token,
    }),
  },

  // ── payments and premium ──────────────────────────────────────────────────────────────────────
  {
    // premium_upgrade for an unpaid hero; for the paid hero a chapter pack (its premium is bought).
    row: 'POST /api/create-payment-intent',
    bothOwners: true,
    request: ({ token, target }) => ({
      method: 'POST',
      path: '/api/create-payment-intent',
      token,
      body: {
        amount: 1,
        currency: 'usd',
        heroId: target.heroId,
        unlockChapters: target === world.paid,
        paymentType: target === world.paid ? 'chapters' : 'premium_upgrade',
        is_test: true,
      },
    }),
    check: (response, { role }) => {
      // The server's price, whatever the client said.
      if (role === 'unpaid' || role === 'paid') expect(response.json.amount).toBe(399);
    },
  },
  {
    // Paying with the owner's client secret: another user may not (404), the unpaid owner's card is
    // declined here (402: nothing is granted), the paid owner buys a chapter pack.
    row: 'POST /api/payments/local/confirm',
    bothOwners: true,
    request: async ({ role, token, target }) => {
      const intent = await intentFor(api, target, target === world.paid ? 'chapters' : 'premium_upgrade');
      return {
        method: 'POST',
        path: '/api/payments/local/confirm',
        token,
        body: { clientSecret: intent.clientSecret, card: role === 'unpaid' ? DECLINED_CARD : GOOD_CARD },
      };
    },
    check: async (response, { role }) => {
      if (role === 'paid') expect(response.json.status).toBe('succeeded');
      await expectStillUnpaid();
    },
  },
  {
    row: 'POST /api/payments/webhook',
    request: ({ token }) => ({
      method: 'POST',
      path: '/api/payments/webhook',
      token,
      headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: {
        id: 'evt_forged',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: 'pi_forged',
            status: 'succeeded',
            amount: 399,
            currency: 'usd',
            metadata: {
              heroId: world.unpaid.heroId,
              userId: world.unpaid.userId,
              paymentType: 'premium_upgrade',
            },
          },
        },
      },
    }),
    check: () => expectStillUnpaid(),
  },
  {
    row: 'POST /api/heroes/setpremium/{heroId}',
    bothOwners: true,
    request: (cell) => ({
      method: 'POST',
      path: `/api/heroes/setpremium/${heroOf(cell)}`,
      token: cell.token,
    }),
    check: async (response, cell) => {
      if (cell.role === 'paid') checkHeroView(response.json, cell);
      await expectStillUnpaid();
    },
  },

  // ── storybook (chapters beyond the free one are paid) ─────────────────────────────────────────
  {
    row: 'GET /api/heroes/{heroId}/storybook',
    bothOwners: true,
    request: (cell) => ({ method: 'GET', path: `/api/heroes/${heroOf(cell)}/storybook`, token: cell.token }),
    check: (response, { role }) => {
      const { storyBook, chapters } = response.json;
      for (const chapter of chapters) if (!chapter.unlocked) expect(chapter.content).toBeNull();
      if (role === 'unpaid') {
        expect(storyBook).toMatchObject({ isPremium: false, chaptersUnlockedCount: 1 });
        expect(
          chapters.filter((c: { content: string | null }) => c.content !== null).length,
        ).toBeLessThanOrEqual(1);
      }
    },
  },
  {
    row: 'POST /api/storybook/{storyBookId}',
    bothOwners: true,
    request: async ({ role, token, target }) => {
      if (role === 'paid') await pay(api, target, 'chapters');
      return { method: 'POST', path: `/api/storybook/${target.storyBookId}`, token, body: { count: 3 } };
    },
    check: (response, { role }) => {
      if (role === 'paid') expect(response.json.storyBook.chaptersUnlockedCount).toBe(7);
    },
  },
  {
    row: 'POST /api/storybook/{heroId}/unlock-after-payment',
    bothOwners: true,
    request: async ({ role, token, target }) => {
      if (role === 'paid') await pay(api, target, 'chapters');
      return { method: 'POST', path: `/api/storybook/${target.heroId}/unlock-after-payment`, token };
    },
    check: (response, { role }) => {
      if (role === 'paid') expect(response.json.storyBook.chaptersUnlockedCount).toBe(10);
    },
  },
  {
    // The same operation under the path older clients use, after the rows above have made the paid
    // owner's story whole (4 → 7 → 10): the same handler answers 409 'All chapters … already unlocked'.
    row: 'POST /api/storybook/{storyBookId}/unlock',
    bothOwners: true,
    request: ({ token, target }) => ({
      method: 'POST',
      path: `/api/storybook/${target.storyBookId}/unlock`,
      token,
      body: { count: 3 },
    }),
  },

  // ── shared story rooms (creating needs premium; anyone signed in may look) ────────────────────
  {
    row: 'GET /api/shared-story',
    // Each row names its host hero with its picture, as the room itself does: a premium hero by rule.
    showsPremiumHero: true,
    request: ({ token }) => ({ method: 'GET', path: '/api/shared-story', token }),
    check: (response) => {
      expect(response.json.map((room: { id: string }) => room.id)).toContain(world.roomId);
    },
  },
  {
    row: 'GET /api/shared-story/{roomId}',
    showsPremiumHero: true,
    request: ({ token }) => ({ method: 'GET', path: `/api/shared-story/${world.roomId}`, token }),
  },
  {
    row: 'POST /api/shared-story/create',
    bothOwners: true,
    request: ({ token, target }) => ({
      method: 'POST',
      path: '/api/shared-story/create',
      token,
      body: { heroId: target.heroId },
    }),
  },
  // ── what a room's host does (only the host's owner; another user's 403, as the room is readable) ──
  {
    row: 'PATCH /api/shared-story/{roomId}',
    showsPremiumHero: true,
    // A rename: the world's room stays public and open for the rows and socket events after it.
    request: ({ token }) => ({
      method: 'PATCH',
      path: `/api/shared-story/${world.roomId}`,
      token,
      body: { title: 'The Paid Owner’s Story' },
    }),
    check: (response, { role }) => {
      if (role === 'paid') expect(response.json).toMatchObject({ title: 'The Paid Owner’s Story' });
    },
  },
  {
    row: 'POST /api/shared-story/{roomId}/remove',
    showsPremiumHero: true,
    // The paid owner removes another user's hero from a fresh room of its own (closed in the next row).
    request: async ({ role, token }) => {
      if (role !== 'paid')
        return {
          method: 'POST',
          path: `/api/shared-story/${world.roomId}/remove`,
          token,
          body: { heroId: world.other.heroId },
        };
      hostedRoomId = await freshRoomWith(world.other);
      return {
        method: 'POST',
        path: `/api/shared-story/${hostedRoomId}/remove`,
        token,
        body: { heroId: world.other.heroId },
      };
    },
    check: async (response, { role }) => {
      if (role !== 'paid') return;
      expect(response.json.participants.map((p: { id: string }) => p.id)).toEqual([world.paid.heroId]);
      await eventually(() => !guestSocket?.socket.connected, 10_000, "the removed hero's socket dropped");
      guestSocket?.close();
    },
  },
  {
    row: 'POST /api/shared-story/{roomId}/close',
    request: ({ role, token }) => ({
      method: 'POST',
      path: `/api/shared-story/${role === 'paid' ? hostedRoomId : world.roomId}/close`,
      token,
    }),
    check: (response, { role }) => {
      if (role === 'paid') expect(response.json).toMatchObject({ id: hostedRoomId, closed: true });
    },
  },
];

// ─────────────────────────────────────────────────────────────────────────────────────────────────
// Checks used by the rows
// ─────────────────────────────────────────────────────────────────────────────────────────────────

/** The paid owner's room of the host rows, and the socket of the hero it removes. */
let hostedRoomId = '';
let guestSocket: SocketClient | undefined;

/** A new room of the paid owner with `guest`'s hero in it (a socket on the other gateway). */
async function freshRoomWith(guest: Owner): Promise<string> {
  const created = await api.post('/api/shared-story/create', world.paid.token, { heroId: world.paid.heroId });
  expect(created.status).toBe(201);
  const roomId = created.json.roomId as string;
  guestSocket = await SocketClient.connect(system.gatewayUrls[1], guest.token);
  guestSocket.emit('authenticate', { token: guest.token, heroId: guest.heroId });
  await guestSocket.next(['authenticated']);
  guestSocket.emit('join_room', { roomId });
  await guestSocket.next(['room_joined']);
  return roomId;
}

/** What an owner's hero view must look like: full quality only for the paid owner's normal view. */
function checkHeroView(
  hero: any,
  cell: Pick<Cell, 'role' | 'actor' | 'target'>,
  options: { preview?: boolean } = {},
) {
  const unlocked = cell.role === 'paid' && !options.preview;
  expect(hero.images).toHaveLength(3);
  for (const image of hero.images) {
    expect(image.url).toContain(unlocked ? '/full/' : '/preview/');
  }
  expect(hero.backstoryTruncated).toBe(unlocked ? false : hero.backstory.endsWith('...'));
  if (!unlocked) expect(hero.backstory.length).toBeLessThanOrEqual(303);
}

async function heroIdsOf(userId: string): Promise<string[]> {
  const result = await db.query<{ id: string }>(`SELECT id FROM heroes.heroes WHERE owner_id = $1`, [userId]);
  return result.rows.map((row) => row.id);
}

/** Nothing of the calls above made an unpaid hero premium. */
async function expectStillUnpaid() {
  const result = await db.query<{ id: string; payment_status: string }>(
    `SELECT id, payment_status FROM heroes.heroes WHERE id = ANY($1)`,
    [[world.unpaid.heroId, world.other.heroId]],
  );
  for (const row of result.rows) expect(`${row.id} ${row.payment_status}`).toBe(`${row.id} unpaid`);
}

/** Every string of a JSON answer (so escaped text is searched as it reads), or the text itself. */
async function searchableText(response: ApiResponse): Promise<string> {
  if (response.headers.get('content-type')?.startsWith('application/zip')) {
    return (await unzip(response.body)).map((entry) => `${entry.name}\n${entry.text}`).join('\n');
  }
  if (response.json === undefined) return response.text;
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(jsonBody(response));
  return strings.join('\n');
}

/** Fails with every secret the answer holds that its caller may not see. */
async function expectNoLeaks(
  text: string,
  viewerId: string | undefined,
  showsPremiumHero: boolean,
  where: string,
) {
  const secrets = await readSecrets(db);
  const leaks = secrets.filter((secret) => {
    if (!text.includes(secret.needle)) return false;
    if (secret.locked) return true;
    if (!secret.paidHero) return true;
    if (secret.ownerId === viewerId) return false;
    return !showsPremiumHero;
  });
  if (leaks.length > 0) fail(`${where} leaks: ${leaks.map((leak) => leak.what).join('; ')}`);
}

function unzip(buffer: Buffer): Promise<{ name: string; text: string }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: { name: string; text: string }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          entries.push({ name: entry.fileName, text: '' });
          return zip.readEntry();
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const data = Buffer.concat(chunks);
            entries.push({
              name: entry.fileName,
              text: entry.fileName.endsWith('.png') ? '' : data.toString('utf8'),
            });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function cellsOf(call: Call, role: Role): Cell[] {
  const actor = role === 'visitor' ? undefined : world[role];
  const token = actor?.token;
  if (role === 'unpaid') return [{ role, actor, token, target: world.unpaid }];
  if (role === 'paid') return [{ role, actor, token, target: world.paid }];
  const cells: Cell[] = [{ role, actor, token, target: world.paid }];
  if (call.bothOwners) cells.push({ role, actor, token, target: world.unpaid });
  return cells;
}

const callOf = (row: TableRow): Call | undefined => CALLS.find((call) => call.row === row.row);

// ─────────────────────────────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  system = await startSystem({ label: 'sysauthz' });
  api = new Api(system.gatewayUrls);
  db = new pg.Client({ connectionString: system.databaseUrl });
  await db.connect();
  world = await buildWorld(api);
}, 180_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await system?.stop();
}, 60_000);

describe('the OpenAPI document', () => {
  it('has exactly the operations of the matrix (a new endpoint needs a row)', async () => {
    const doc = await api.get('/api/docs/json');
    expect(doc.status).toBe(200);
    const documented = Object.entries(doc.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const inTable = new Set(TABLE.map((row) => row.op));
    expect({ withoutRow: documented.filter((op) => !inTable.has(op)) }).toEqual({ withoutRow: [] });
    expect({ notDocumented: [...inTable].filter((op) => !documented.includes(op)) }).toEqual({
      notDocumented: [],
    });
  });

  it('every row of the table has exactly one way to call it, and every call a row', () => {
    const rows = TABLE.map((row) => row.row);
    expect(rows.filter((row, i) => rows.indexOf(row) !== i)).toEqual([]);
    expect(rows.filter((row) => CALLS.filter((call) => call.row === row).length !== 1)).toEqual([]);
    expect(CALLS.map((call) => call.row).filter((row) => !rows.includes(row))).toEqual([]);
  });
});

describe('the leak detector', () => {
  it('knows the secrets: full files, backstories past 300 characters, written locked chapters', async () => {
    const secrets = await eventually(
      async () => {
        const all = await readSecrets(db);
        return all.some((secret) => secret.locked) ? all : undefined;
      },
      30_000,
      'a chapter written ahead and still locked',
    );
    for (const owner of [world.unpaid, world.paid]) {
      const kinds = secrets.filter((secret) => secret.heroId === owner.heroId && !secret.locked);
      expect(kinds.map((secret) => secret.what.split(' ')[0]).sort()).toEqual(['backstory', 'full-quality']);
    }
  });

  it("finds them: the paid owner's own view would leak to another user", async () => {
    const own = await api.get(`/api/heroes/${world.paid.heroId}`, world.paid.token);
    await expect(
      expectNoLeaks(await searchableText(own), world.other.userId, false, 'probe'),
    ).rejects.toThrow(/full-quality files .*backstory/);
    await expectNoLeaks(await searchableText(own), world.paid.userId, false, 'probe');
  });
});

describe.each(TABLE.map((row) => [row.row, row] as const))('%s', (_name, row) => {
  it.each(ROLES.map((role) => [ROLE_NAMES[role], row.expect[role], role] as const))(
    '%s → %i',
    async (_roleName, expected, role) => {
      const call = callOf(row) ?? fail(`No call for the table row ${row.row}`);
      for (const cell of cellsOf(call, role)) {
        const request = await call.request(cell);
        const response = await api.call(request);
        const owner = cell.target === world.paid ? 'paid' : 'unpaid';
        const where = `${row.row} as ${ROLE_NAMES[role]} on the ${owner} owner's hero (gateway ${response.gateway})`;
        if (response.status !== expected) {
          fail(`${where}: expected ${expected}, got ${response.status} ${response.text.slice(0, 300)}`);
        }
        await expectNoLeaks(
          await searchableText(response),
          cell.actor?.userId,
          call.showsPremiumHero === true,
          where,
        );
        if (call.check && response.status < 300) await call.check(response, cell);
      }
    },
  );
});

// ─────────────────────────────────────────────────────────────────────────────────────────────────
// Socket events. The visitor and another user try to speak as the paid owner's hero.
// ─────────────────────────────────────────────────────────────────────────────────────────────────
/**
 * The answer each role gets, in order, on one socket per role. The visitor sends no token; another
 * user sends their own token with the paid owner's hero. After the colon, what the answer must say:
 * free/premium is its isPremium, spectator/participant the role in the room.
 */
const SOCKET_TABLE = parseSocketTable(`
  event          visitor                another user           unpaid owner            paid owner
  authenticate   authentication_error   authentication_error   authenticated:free      authenticated:premium
  join_room      error                  error                  room_joined:spectator   room_joined:participant
  send_message   error                  error                  error                   message
`);

type SocketEvent = 'authenticate' | 'join_room' | 'send_message';
interface SocketExpectation {
  answer: string;
  isPremium?: boolean;
  role?: string;
}

function parseSocketTable(text: string): { event: SocketEvent; expect: Record<Role, SocketExpectation> }[] {
  const qualifiers: Record<string, Omit<SocketExpectation, 'answer'>> = {
    free: { isPremium: false },
    premium: { isPremium: true },
    spectator: { role: 'spectator', isPremium: false },
    participant: { role: 'participant', isPremium: true },
  };
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((words) => ['authenticate', 'join_room', 'send_message'].includes(words[0]))
    .map(([event, ...cells]) => {
      const expectations = cells.map((cell) => {
        const [answer, qualifier] = cell.split(':');
        return { answer, ...(qualifier ? qualifiers[qualifier] : {}) };
      });
      return {
        event: event as SocketEvent,
        expect: Object.fromEntries(ROLES.map((role, i) => [role, expectations[i]])) as Record<
          Role,
          SocketExpectation
        >,
      };
    });
}

describe('socket events', () => {
  const sockets = new Map<Role, SocketClient>();
  const sent = new Map<Role, string>();

  beforeAll(async () => {
    // Spread over both gateways: the paid owner's message must reach the spectator on the other one.
    for (const [index, role] of ROLES.entries()) {
      const actor = role === 'visitor' ? undefined : world[role];
      sockets.set(role, await SocketClient.connect(system.gatewayUrls[index % 2], actor?.token));
    }
  });

  afterAll(() => {
    for (const socket of sockets.values()) socket.close();
  });

  describe.each(SOCKET_TABLE.map((row) => [row.event, row] as const))('%s', (event, row) => {
    it.each(ROLES.map((role) => [ROLE_NAMES[role], row.expect[role].answer, role] as const))(
      '%s → %s',
      async (_roleName, _answer, role) => {
        const expected = row.expect[role];
        const socket = sockets.get(role)!;
        const actor = role === 'visitor' ? undefined : world[role];
        const ownHero = role === 'unpaid' || role === 'paid' ? world[role].heroId : world.paid.heroId;
        const payload =
          event === 'authenticate'
            ? { token: actor?.token, heroId: ownHero }
            : event === 'join_room'
              ? { roomId: world.roomId }
              : { message: `${role} says hello ${randomBytes(3).toString('hex')}` };
        if (event === 'send_message') sent.set(role, payload.message as string);
        socket.emit(event, payload);
        const answers = ['authentication_error', 'authenticated', 'error', 'room_joined'];
        if (event === 'send_message') answers.push('message');
        const answer = await socket.next(
          answers,
          (name, body) => name !== 'message' || body?.content === payload.message,
        );
        expect(`${event} → ${answer.event}: ${JSON.stringify(answer.payload).slice(0, 200)}`).toMatch(
          new RegExp(`^${event} → ${expected.answer}:`),
        );
        if (expected.isPremium !== undefined) expect(answer.payload.isPremium).toBe(expected.isPremium);
        if (expected.role !== undefined) expect(answer.payload.role).toBe(expected.role);
        await expectNoLeaks(
          socket.transcript(),
          actor?.userId,
          true,
          `socket ${event} as ${ROLE_NAMES[role]}`,
        );
      },
    );
  });

  it("the paid owner's message reaches the spectator on the other gateway; refused messages reach no one", async () => {
    const spectator = sockets.get('unpaid')!;
    await spectator.next(['message'], (_name, body) => body?.content === sent.get('paid'));
    const history = await SocketClient.connect(system.gatewayUrls[1], world.paid.token);
    try {
      history.emit('authenticate', { token: world.paid.token, heroId: world.paid.heroId });
      await history.next(['authenticated']);
      history.emit('join_room', { roomId: world.roomId });
      const joined = (await history.next(['room_joined'])).payload;
      const contents = joined.messages.map((message: { content: string }) => message.content);
      expect(contents).toContain(sent.get('paid'));
      for (const role of ['visitor', 'other', 'unpaid'] as const)
        expect(contents).not.toContain(sent.get(role));
    } finally {
      history.close();
    }
  });

  it('another user joins with their own unpaid hero as a spectator, and cannot send', async () => {
    const socket = await SocketClient.connect(system.gatewayUrls[1], world.other.token);
    try {
      socket.emit('authenticate', { token: world.other.token, heroId: world.other.heroId });
      expect((await socket.next(['authenticated', 'authentication_error'])).payload).toMatchObject({
        isPremium: false,
      });
      socket.emit('join_room', { roomId: world.roomId });
      expect((await socket.next(['room_joined', 'error'])).payload).toMatchObject({
        role: 'spectator',
        isPremium: false,
      });
      socket.emit('send_message', { message: 'may I?' });
      expect(
        (
          await socket.next(
            ['error', 'message'],
            (name, body) => name === 'error' || body?.content === 'may I?',
          )
        ).event,
      ).toBe('error');
    } finally {
      socket.close();
    }
  });

  it('a socket with a forged token in its handshake is a visitor', async () => {
    const socket = await SocketClient.connect(system.gatewayUrls[0], await forgedToken(world.paid));
    try {
      socket.emit('join_room', { roomId: world.roomId });
      expect((await socket.next(['error', 'room_joined'])).event).toBe('error');
      socket.emit('authenticate', { token: await forgedToken(world.paid), heroId: world.paid.heroId });
      expect((await socket.next(['authentication_error', 'authenticated'])).event).toBe(
        'authentication_error',
      );
    } finally {
      socket.close();
    }
  });
});

// ─────────────────────────────────────────────────────────────────────────────────────────────────
// Outside the OpenAPI document: tokens, signed media URLs, the queue dashboard.
// ─────────────────────────────────────────────────────────────────────────────────────────────────

/** A well-formed token for the user, signed with a key that is not the server's. */
async function forgedToken(account: Account): Promise<string> {
  const { privateKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return (
    new SignJWT({ name: account.name, email: account.email })
      .setProtectedHeader({ alg: 'EdDSA' })
      // Tokens carry their own id (so one can be signed out); the gateway refuses one without.
      .setJti(randomUUID())
      .setSubject(account.userId)
      .setIssuer('starborn-auth')
      .setAudience('starborn')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importPKCS8(privateKey, 'EdDSA'))
  );
}

/** A token signed with the server's own key (development key pair of this run), with changed claims. */
async function serverSignedToken(
  account: Account,
  change: { issuer?: string; audience?: string; expired?: boolean },
) {
  const pem = readFileSync(join(system.env.AUTH_KEYS_DIR, 'auth-ed25519', 'private.pem'), 'utf8');
  const now = Math.floor(Date.now() / 1000);
  return (
    new SignJWT({ name: account.name, email: account.email })
      .setProtectedHeader({ alg: 'EdDSA' })
      // Tokens carry their own id (so one can be signed out); the gateway refuses one without.
      .setJti(randomUUID())
      .setSubject(account.userId)
      .setIssuer(change.issuer ?? 'starborn-auth')
      .setAudience(change.audience ?? 'starborn')
      .setIssuedAt(change.expired ? now - 7200 : now)
      .setExpirationTime(change.expired ? now - 3600 : now + 3600)
      .sign(await importPKCS8(pem, 'EdDSA'))
  );
}

describe('tokens', () => {
  it('the server-signed probe token itself is accepted (so the cases below test their one change)', async () => {
    const response = await api.get('/api/user', await serverSignedToken(world.paid, {}));
    expect(response.status).toBe(200);
  });

  it.each([
    ['forged signature', async () => forgedToken(world.paid)],
    ['unsigned (alg none)', async () => unsignedToken(world.paid)],
    ['garbage', async () => 'not-a-token'],
    ['expired', async () => serverSignedToken(world.paid, { expired: true })],
    ['wrong issuer', async () => serverSignedToken(world.paid, { issuer: 'someone-else' })],
    ['wrong audience', async () => serverSignedToken(world.paid, { audience: 'another-app' })],
  ])('a %s token is refused (401) where a sign-in is needed', async (_name, make) => {
    const token = await make();
    for (const path of [
      '/api/user',
      `/api/heroes/${world.paid.heroId}`,
      `/api/heroes/${world.paid.heroId}/download`,
    ]) {
      const response = await api.get(path, token);
      expect(`${path} ${response.status}`).toBe(`${path} 401`);
    }
  });
});

function unsignedToken(account: Account): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: account.userId, iss: 'starborn-auth', aud: 'starborn', iat: now, exp: now + 3600 })}.`;
}

describe('signed media URLs', () => {
  /** The unpaid owner's signed preview URL and the paid owner's signed full URL of the front image. */
  let preview: URL;
  let full: URL;

  beforeAll(async () => {
    const unpaidHero = (await api.get(`/api/heroes/${world.unpaid.heroId}`, world.unpaid.token)).json;
    const paidHero = (await api.get(`/api/heroes/${world.paid.heroId}`, world.paid.token)).json;
    preview = new URL(unpaidHero.images[1].url, system.gatewayUrls[0]);
    full = new URL(paidHero.images[1].url, system.gatewayUrls[0]);
    expect(preview.pathname).toContain('/preview/');
    expect(full.pathname).toContain('/full/');
  });

  const fullOfUnpaid = () => preview.pathname.replace('/preview/', '/full/');
  const cases: [string, () => string, number][] = [
    ["the unpaid owner's signed preview", () => `${preview.pathname}${preview.search}`, 200],
    ["the paid owner's signed full file", () => `${full.pathname}${full.search}`, 200],
    ['a full file of the unpaid hero, unsigned', () => fullOfUnpaid(), 403],
    [
      "a full file of the unpaid hero with the preview's signature",
      () => `${fullOfUnpaid()}${preview.search}`,
      403,
    ],
    ['the same as WebP', () => `${fullOfUnpaid().replace(/\.png$/, '.webp')}${preview.search}`, 403],
    [
      'a path that climbs from the preview to the full file',
      () => `${preview.pathname.replace('/preview/', '/preview/..%2Ffull%2F')}${preview.search}`,
      403,
    ],
    [
      'a signed full file with a later expiry',
      () =>
        `${full.pathname}?exp=${Number(full.searchParams.get('exp')) + 3600}&sig=${full.searchParams.get('sig')}`,
      403,
    ],
    ['an original file under the media folder, unsigned', () => `/media/${world.paid.heroId}`, 403],
  ];

  it.each(cases.map(([name, path, expected]) => [name, expected, path] as const))(
    '%s → %i (whoever asks)',
    async (_name, expected, path) => {
      for (const role of ROLES) {
        const actor = role === 'visitor' ? undefined : world[role];
        const response = await api.call({ method: 'GET', path: path(), token: actor?.token });
        expect(`${ROLE_NAMES[role]} ${response.status}`).toBe(`${ROLE_NAMES[role]} ${expected}`);
      }
    },
  );
});

describe('the queue dashboard', () => {
  it.each(ROLES.map((role) => [ROLE_NAMES[role], role] as const))(
    '%s → 401 (a user token is not the operator token)',
    async (_name, role) => {
      const actor = role === 'visitor' ? undefined : world[role];
      const response = await api.call({ method: 'GET', path: '/admin/queues', token: actor?.token });
      expect(response.status).toBe(401);
    },
  );
});

// ─────────────────────────────────────────────────────────────────────────────────────────────────
// A succeeded payment buys what it was for — for that hero — and nothing else.
// ─────────────────────────────────────────────────────────────────────────────────────────────────
describe('a payment buys only what it was for', () => {
  it('a chapter pack does not make a hero premium', async () => {
    const buyer = await heroFor(api, await register(api, 'packbuyer'), 'Pack Buyer');
    const intent = await pay(api, buyer, 'chapters');
    expect(intent.amount).toBe(199);
    const premium = await api.post(`/api/heroes/setpremium/${buyer.heroId}`, buyer.token);
    expect(premium.status).toBe(402);
    // The payment's event has reached its subscribers (storybook records the pack as a credit; heroes
    // hears the same event): still nothing premium is open.
    await eventually(
      async () =>
        (await db.query(`SELECT 1 FROM storybook.chapter_credits WHERE hero_id = $1`, [buyer.heroId]))
          .rowCount === 1,
      20_000,
      'the pack recorded as a credit',
    );
    expect((await api.post(`/api/heroes/setpremium/${buyer.heroId}`, buyer.token)).status).toBe(402);
    const hero = await api.get(`/api/heroes/${buyer.heroId}`, buyer.token);
    expect(hero.json).toMatchObject({ paymentStatus: 'unpaid', backstoryTruncated: true });
    expect((await api.get(`/api/heroes/${buyer.heroId}/download`, buyer.token)).status).toBe(403);
    expect((await api.post(`/api/heroes/${buyer.heroId}/share`, buyer.token)).status).toBe(403);
    expect((await api.post('/api/shared-story/create', buyer.token, { heroId: buyer.heroId })).status).toBe(
      403,
    );
    await expectNoLeaks(await searchableText(hero), buyer.userId, false, 'hero after a chapter pack');
  });

  describe("one owner's two heroes", () => {
    let first: Owner;
    let second: Owner;

    beforeAll(async () => {
      first = await heroFor(api, await register(api, 'twoheroes'), 'First Light');
      await pay(api, first, 'premium_upgrade');
      await eventually(
        async () => (await api.post(`/api/heroes/setpremium/${first.heroId}`, first.token)).status === 200,
        20_000,
        'first hero premium',
      );
      await eventually(
        async () =>
          (await api.get(`/api/heroes/${first.heroId}/storybook`, first.token)).json?.storyBook?.isPremium,
        20_000,
        'first story premium',
      );
      second = await heroFor(api, first, 'Second Light');
    });

    // A premium hero is never sold premium again: like a pack for a fully unlocked story, the
    // intent is refused before any money moves (409).
    it('premium is not sold twice for the same hero', async () => {
      const again = await api.post('/api/create-payment-intent', first.token, {
        heroId: first.heroId,
        paymentType: 'premium_upgrade',
      });
      expect(`${again.status} ${again.json?.paymentType ?? again.json?.message}`).toMatch(/^409 /);
    });

    it("the first hero's premium payment does not make the second premium", async () => {
      expect((await api.post(`/api/heroes/setpremium/${second.heroId}`, second.token)).status).toBe(402);
      expect((await api.get(`/api/heroes/${second.heroId}/download`, second.token)).status).toBe(403);
      expect((await api.get(`/api/heroes/${second.heroId}`, second.token)).json.paymentStatus).toBe('unpaid');
    });

    it("a pack bought for one hero's story does not unlock the other's", async () => {
      const unlockedOf = async (owner: Owner) =>
        (await api.get(`/api/heroes/${owner.heroId}/storybook`, owner.token)).json.storyBook
          .chaptersUnlockedCount;
      const before = { first: await unlockedOf(first), second: await unlockedOf(second) };

      // $1.99 for the free story: not usable on the premium story ($3.99).
      await pay(api, second, 'chapters');
      expect((await api.post(`/api/storybook/${first.storyBookId}`, first.token, { count: 3 })).status).toBe(
        402,
      );
      expect(
        (await api.post(`/api/storybook/${first.heroId}/unlock-after-payment`, first.token)).status,
      ).toBe(402);
      expect(await unlockedOf(first)).toBe(before.first);
      expect(
        (await api.post(`/api/storybook/${second.heroId}/unlock-after-payment`, second.token)).status,
      ).toBe(200);

      // And the other way round.
      await pay(api, first, 'chapters');
      expect(
        (await api.post(`/api/storybook/${second.storyBookId}`, second.token, { count: 3 })).status,
      ).toBe(402);
      expect(
        (await api.post(`/api/storybook/${second.heroId}/unlock-after-payment`, second.token)).status,
      ).toBe(402);
      expect(await unlockedOf(second)).toBe(before.second + 3);
      expect(
        (await api.post(`/api/storybook/${first.heroId}/unlock-after-payment`, first.token)).status,
      ).toBe(200);
      expect(await unlockedOf(first)).toBe(before.first + 3);
    });
  });
});

describe('the system after the matrix', () => {
  it('every process is still up and healthy', async () => {
    expect(await system.healthy()).toBe(true);
  });
});
