import { Injectable, Logger } from '@nestjs/common';
import {
  INTERNAL_ERROR,
  ROOM_MESSAGES,
  RoomSocketEvents,
  SocketRooms,
  storyRoomChannel,
  storyRoomHeroChannel,
  type RoomHeroRef,
  type RoomJoinedDto,
} from '@starborn/contracts';
import { MessageBus, RemoteError, type MessageMeta } from '@starborn/messaging';
import { TokenVerifier, type AuthenticatedUser } from '../auth/token-verifier.js';
import type { GatewaySocket } from '../realtime/sockets.js';
import { RoomHeroes } from './room-heroes.js';
import { checkHeroId, checkMessage, isRoomId, payloadOf } from './room-input.js';
import { RoomMessageRateLimiter } from './room-message-rate-limiter.js';

/** The socket.io room every socket sitting in a story room is also in, so presence asks only those. */
export const STORY_ROOMS_CHANNEL = 'story-rooms';

/** The socket.io rooms a socket sitting in a story room is in. */
const storyChannels = (roomId: string, heroId: string) => [
  storyRoomChannel(roomId),
  storyRoomHeroChannel(roomId, heroId),
  STORY_ROOMS_CHANNEL,
];

/** A refusal to show the user: sent as `error {message}` (or `authentication_error`), never thrown further. */
class Refusal extends Error {}

/**
 * The shared story events of one socket: authenticate, join_room, send_message, and leaving on
 * disconnect. A socket's events are handled one after another, in the order they arrived, so a
 * browser may send join_room and then send_message at once. Whatever goes wrong is answered on the
 * socket; nothing a client sends can break it.
 */
@Injectable()
export class RoomSockets {
  private readonly logger = new Logger(RoomSockets.name);
  /** Work still running (e.g. leaves after disconnects), awaited at shutdown. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly bus: MessageBus,
    private readonly verifier: TokenVerifier,
    private readonly heroes: RoomHeroes,
    private readonly limiter: RoomMessageRateLimiter,
  ) {}

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
    const { user } = verified;
    const heroId = checkHeroId(rawHeroId);
    if (!heroId.ok) return refuse(heroId.message);
    let hero: RoomHeroRef;
    try {
      hero = await this.heroes.ownHero(user.id, heroId.value, this.meta(socket, user));
    } catch (error) {
      return refuse(this.messageOf(error));
    }
    const data = socket.data;
    // Speaking as another hero (or user) from now on: the old one leaves its room first.
    if (data.roomId && (data.hero?.heroId !== hero.heroId || data.user?.id !== user.id)) {
      await this.leaveCurrentRoom(socket);
    }
    data.user = user;
    data.tokenId = verified.session.tokenId;
    data.hero = hero;
    await socket.join(SocketRooms.user(user.id));
    socket.emit(RoomSocketEvents.authenticated, { heroId: hero.heroId, isPremium: hero.isPremium });
  }

  private async join(socket: GatewaySocket, payload: unknown): Promise<void> {
    const data = socket.data;
    if (!data.user || !data.hero) throw new Refusal(ROOM_MESSAGES.notAuthenticated);
    const { roomId, invite } = payloadOf(payload);
    if (!isRoomId(roomId)) throw new Refusal(ROOM_MESSAGES.roomNotFound);
    const inviteToken = typeof invite === 'string' && invite ? invite : undefined;
    const meta = this.meta(socket, data.user);
    // The hero as it is now: it may have become premium (or been deleted) since authenticate.
    const hero = await this.heroes.ownHero(data.user.id, data.hero.heroId, meta);
    if (data.roomId && data.roomId !== roomId.toLowerCase()) await this.leaveCurrentRoom(socket);
    // The socket enters the broadcast room before the history is read, so no message stored in between
    // is missed (one may arrive both live and in the history: clients keep each message id once).
    // socket.data first, so that whoever counts the room sees the role too. Room ids are uuids, which
    // the rooms service spells in lower case: that spelling names the socket.io room it broadcasts to.
    // The hero's own channel in the room is how its host's removal reaches this socket on any instance.
    const channels = storyChannels(roomId.toLowerCase(), hero.heroId);
    data.hero = hero;
    data.roomId = roomId.toLowerCase();
    data.role = hero.isPremium ? 'participant' : 'spectator';
    await socket.join(channels);
    let joined: RoomJoinedDto;
    try {
      // rooms decides who comes in (a removed hero never again; an invite-only room with its token).
      joined = await this.bus.request('rooms.join', { roomId, hero, inviteToken }, { meta });
    } catch (error) {
      for (const channel of channels) await socket.leave(channel);
      data.roomId = undefined;
      data.role = undefined;
      throw error;
    }
    data.role = joined.role;
    socket.emit(RoomSocketEvents.roomJoined, joined);
  }

  private async send(socket: GatewaySocket, payload: unknown): Promise<void> {
    const data = socket.data;
    if (!data.user || !data.hero) throw new Refusal(ROOM_MESSAGES.notAuthenticated);
    if (!data.roomId) throw new Refusal(ROOM_MESSAGES.notInRoom);
    const message = checkMessage(payloadOf(payload).message);
    if (!message.ok) throw new Refusal(message.message);
    if (data.role !== 'participant') throw new Refusal(ROOM_MESSAGES.spectatorCannotSend);
    if (!(await this.limiter.allow(data.user.id))) throw new Refusal(ROOM_MESSAGES.rateLimited);
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
    for (const joined of storyChannels(roomId, hero.heroId)) await socket.leave(joined);
    const stillThere = await socket.nsp
      .in(channel)
      .fetchSockets()
      .then((sockets) => sockets.some((other) => other.data.hero?.heroId === hero.heroId))
      .catch(() => false);
    if (stillThere) return;
    await this.bus
      .request('rooms.leave', { roomId, hero }, { meta: this.meta(socket, user) })
      .catch((error) => {
        this.logger.warn(`rooms.leave of ${hero.heroId} in ${roomId} failed: ${(error as Error).message}`);
      });
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
