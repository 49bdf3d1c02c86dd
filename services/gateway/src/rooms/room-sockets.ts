import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  INTERNAL_ERROR,
  ROOM_MESSAGES,
  RoomSocketEvents,
  SocketRooms,
  storyRoomChannel,
  storyRoomHeroChannel,
  storyRoomUserChannel,
  type RoomHeroRef,
  type RoomJoinedDto,
} from '@starborn/contracts';
import { MessageBus, RemoteError, type MessageMeta } from '@starborn/messaging';
import type { Redis } from 'ioredis';
import { SessionStore } from '../auth/session-store.js';
import { TokenVerifier, type AuthenticatedUser } from '../auth/token-verifier.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import type { GatewaySocket } from '../realtime/sockets.js';
import { GATEWAY_REDIS } from '../redis.provider.js';
import { RoomHeroes } from './room-heroes.js';
import { checkHeroId, checkMessage, isRoomId, payloadOf } from './room-input.js';
import { RoomJoinLimits } from './room-join-limits.js';
import { RoomMessageRateLimiter } from './room-message-rate-limiter.js';
import { heroesByRoom } from './present-heroes.js';

/** The socket.io room every socket sitting in a story room is also in, so presence asks only those. */
export const STORY_ROOMS_CHANNEL = 'story-rooms';

/**
 * The socket.io rooms a socket sitting in a story room is in: the room's broadcasts, and its hero's and
 * person's own channels, through which the host's removal drops it on any instance.
 */
const storyChannels = (roomId: string, hero: RoomHeroRef) => [
  storyRoomChannel(roomId),
  storyRoomHeroChannel(roomId, hero.heroId),
  storyRoomUserChannel(roomId, hero.userId),
  STORY_ROOMS_CHANNEL,
];

/** A refusal to show the user: sent as `error {message}` (or `authentication_error`), never thrown further. */
class Refusal extends Error {}

/**
 * The shared story events of one socket: authenticate, join_room, send_message, and leaving on
 * disconnect. A socket's events are handled one after another, in the order they arrived, so a
 * browser may send join_room and then send_message at once. Whatever goes wrong is answered on the
 * socket; nothing a client sends can break it.
 *
 * Every room action is authorised against the live session (signed out, signed out everywhere, a
 * password change, a deleted account), checked again after the waits in which it could have ended;
 * a socket enters a room's broadcast channels only once the rooms service has let its hero in.
 */
@Injectable()
export class RoomSockets {
  private readonly logger = new Logger(RoomSockets.name);
  /** Work still running (e.g. leaves after disconnects), awaited at shutdown. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly joinLimits: RoomJoinLimits;

  constructor(
    private readonly bus: MessageBus,
    private readonly verifier: TokenVerifier,
    private readonly sessions: SessionStore,
    private readonly heroes: RoomHeroes,
    private readonly limiter: RoomMessageRateLimiter,
    @Inject(GATEWAY_REDIS) redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.joinLimits = new RoomJoinLimits(redis, config);
  }

  attach(socket: GatewaySocket): void {
    let queue: Promise<unknown> = Promise.resolve();
    const serially = (work: () => Promise<void>) => {
      const run = queue.then(work).catch((error: unknown) => this.fail(socket, error));
      queue = run;
      this.track(run);
    };
    socket.on(RoomSocketEvents.authenticate, (payload: unknown) =>
      serially(() => this.authenticate(socket, payload)),
    );
    socket.on(RoomSocketEvents.joinRoom, (payload: unknown) => serially(() => this.join(socket, payload)));
    socket.on(RoomSocketEvents.sendMessage, (payload: unknown) => serially(() => this.send(socket, payload)));
    socket.on('disconnect', () => serially(() => this.leaveCurrentRoom(socket)));
  }

  /** Resolves when the work in flight is done (or after `timeoutMs`). */
  async settle(timeoutMs = 5_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
  }

  private async authenticate(socket: GatewaySocket, payload: unknown): Promise<void> {
    const { token, heroId: rawHeroId } = payloadOf(payload);
    const refuse = (message: string) => {
      socket.emit(RoomSocketEvents.authenticationError, { message });
    };
    const verified =
      typeof token === 'string' && token ? await this.verifier.verifySession(token) : undefined;
    if (!verified) return refuse(ROOM_MESSAGES.invalidToken);
    const { user, session } = verified;
    const heroId = checkHeroId(rawHeroId);
    if (!heroId.ok) return refuse(heroId.message);
    const data = socket.data;
    // Known as this token's socket from now on, in its user's channel: a sign-out while the hero is
    // looked up finds it there (the sweep), and the check below finds the sign-out.
    const before = { session: data.session, tokenId: data.tokenId, userId: data.user?.id };
    const userChannel = SocketRooms.user(user.id);
    const wasInUserChannel = socket.rooms.has(userChannel);
    data.session = session;
    data.tokenId = session.tokenId;
    await socket.join(userChannel);
    const undo = async () => {
      data.session = before.session;
      data.tokenId = before.tokenId;
      if (!wasInUserChannel) await socket.leave(userChannel);
    };
    let hero: RoomHeroRef;
    try {
      hero = await this.heroes.ownHero(user.id, heroId.value, this.meta(socket, user));
    } catch (error) {
      await undo();
      return refuse(this.messageOf(error));
    }
    if (!(await this.sessions.isLive(session))) {
      await undo();
      return refuse(ROOM_MESSAGES.signedOut);
    }
    // Speaking as another hero (or user) from now on: the old one leaves its room first.
    if (data.roomId && (data.hero?.heroId !== hero.heroId || data.user?.id !== user.id)) {
      await this.leaveCurrentRoom(socket);
    }
    if (before.userId && before.userId !== user.id) await socket.leave(SocketRooms.user(before.userId));
    data.user = user;
    data.hero = hero;
    socket.emit(RoomSocketEvents.authenticated, { heroId: hero.heroId, isPremium: hero.isPremium });
  }

  private async join(socket: GatewaySocket, payload: unknown): Promise<void> {
    const data = socket.data;
    if (!data.user || !data.hero) throw new Refusal(ROOM_MESSAGES.notAuthenticated);
    await this.assertLive(socket);
    const { roomId, invite } = payloadOf(payload);
    if (!isRoomId(roomId)) throw new Refusal(ROOM_MESSAGES.roomNotFound);
    // Counted once the join would cost the rooms service something (a malformed id costs nothing).
    if (!(await this.joinLimits.allow(socket.id, data.user.id)))
      throw new Refusal(ROOM_MESSAGES.joinRateLimited);
    const inviteToken = typeof invite === 'string' && invite ? invite : undefined;
    const meta = this.meta(socket, data.user);
    // The hero as it is now: it may have become premium (or been deleted) since authenticate.
    const hero = await this.heroes.ownHero(data.user.id, data.hero.heroId, meta);
    // Room ids are uuids, which the rooms service spells in lower case: that spelling names the socket.io
    // room it broadcasts to.
    const id = roomId.toLowerCase();
    if (data.roomId && data.roomId !== id) await this.leaveCurrentRoom(socket);
    // rooms decides who comes in (a removed person never again; an invite-only room with its token)
    // before the socket hears anything of the room.
    const command = { roomId, hero, inviteToken };
    await this.bus.request('rooms.join', command, { meta });
    await this.assertLive(socket);
    // socket.data first, so that whoever counts the room sees the role too.
    const channels = storyChannels(id, hero);
    data.hero = hero;
    data.roomId = id;
    data.role = hero.isPremium ? 'participant' : 'spectator';
    await socket.join(channels);
    let joined: RoomJoinedDto;
    try {
      // Asked again now that the socket hears the room: the history read here holds every message stored
      // before this moment, and later ones arrive live (one may come both ways: clients keep each message
      // id once). rooms decides again, so a removal since the first answer keeps the socket out.
      joined = await this.bus.request('rooms.join', command, { meta });
    } catch (error) {
      for (const channel of channels) await socket.leave(channel);
      data.roomId = undefined;
      data.role = undefined;
      throw error;
    }
    data.role = joined.role;
    socket.emit(RoomSocketEvents.roomJoined, joined);
    await this.announcePresence(socket, id);
  }

  /**
   * Tells the room who is connected to it now (every gateway instance answers fetchSockets), after a
   * hero's socket came in or went. Presence is live state: nothing of it is stored in the transcript.
   * Best effort: a client also learns it again at its next join.
   */
  private async announcePresence(socket: GatewaySocket, roomId: string): Promise<void> {
    const channel = storyRoomChannel(roomId);
    try {
      const sockets = await socket.nsp.in(channel).fetchSockets();
      const heroes = heroesByRoom(sockets).get(roomId) ?? [];
      socket.nsp.to(channel).emit(RoomSocketEvents.presence, { roomId, heroes });
    } catch (error) {
      this.logger.warn(`Presence of room ${roomId} not announced: ${(error as Error).message}`);
    }
  }

  private async send(socket: GatewaySocket, payload: unknown): Promise<void> {
    const data = socket.data;
    if (!data.user || !data.hero) throw new Refusal(ROOM_MESSAGES.notAuthenticated);
    if (!data.roomId) throw new Refusal(ROOM_MESSAGES.notInRoom);
    const message = checkMessage(payloadOf(payload).message);
    if (!message.ok) throw new Refusal(message.message);
    if (data.role !== 'participant') throw new Refusal(ROOM_MESSAGES.spectatorCannotSend);
    if (!(await this.limiter.allow(data.user.id))) throw new Refusal(ROOM_MESSAGES.rateLimited);
    await this.assertLive(socket);
    // The rooms service stores the message and broadcasts it to the room (this socket included).
    await this.bus.request(
      'rooms.send',
      { roomId: data.roomId, hero: data.hero, message: message.value },
      { meta: this.meta(socket, data.user) },
    );
  }

  /**
   * Takes the socket out of its room. The rooms service hears of the leave only when none of the
   * hero's sockets, on any gateway instance, is still in the room (a second tab keeps it there).
   */
  private async leaveCurrentRoom(socket: GatewaySocket): Promise<void> {
    const data = socket.data;
    const { roomId, hero, user } = data;
    if (!roomId || !hero || !user) return;
    data.roomId = undefined;
    data.role = undefined;
    const channel = storyRoomChannel(roomId);
    for (const joined of storyChannels(roomId, hero)) await socket.leave(joined);
    const stillThere = await socket.nsp
      .in(channel)
      .fetchSockets()
      .then((sockets) => sockets.some((other) => other.data.hero?.heroId === hero.heroId))
      .catch(() => false);
    if (stillThere) return;
    await this.announcePresence(socket, roomId);
    await this.bus
      .request('rooms.leave', { roomId, hero }, { meta: this.meta(socket, user) })
      .catch((error) => {
        this.logger.warn(`rooms.leave of ${hero.heroId} in ${roomId} failed: ${(error as Error).message}`);
      });
  }

  /**
   * Refuses the event unless the socket's session is live. A socket whose session ended is signed out
   * here at once (out of its room and its user's channel), whether or not the sign-out's sweep has
   * reached it yet.
   */
  private async assertLive(socket: GatewaySocket): Promise<void> {
    const { session } = socket.data;
    if (session && (await this.sessions.isLive(session))) return;
    await this.leaveCurrentRoom(socket);
    const data = socket.data;
    if (data.user) await socket.leave(SocketRooms.user(data.user.id));
    data.user = undefined;
    data.hero = undefined;
    data.session = undefined;
    data.tokenId = undefined;
    throw new Refusal(ROOM_MESSAGES.signedOut);
  }

  /** Answers a failed event on the socket: the service's message for its refusals, a plain one otherwise. */
  private fail(socket: GatewaySocket, error: unknown): void {
    if (!socket.connected) return;
    socket.emit(RoomSocketEvents.error, { message: this.messageOf(error) });
  }

  private messageOf(error: unknown): string {
    if (error instanceof Refusal) return error.message;
    if (error instanceof RemoteError) {
      if (error.status >= 500) this.logger.warn(`Room call failed: ${error.code} ${error.message}`);
      return error.message;
    }
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return INTERNAL_ERROR.message;
  }

  private meta(socket: GatewaySocket, user: AuthenticatedUser): MessageMeta {
    return { correlationId: `socket:${socket.id}`, userId: user.id };
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }
}
