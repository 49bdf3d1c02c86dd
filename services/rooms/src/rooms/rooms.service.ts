import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCodes,
  NARRATOR_EVERY_MESSAGES,
  ROOM_HISTORY_LIMIT,
  ROOM_IDLE_AFTER_MS,
  ROOM_LEAVE_GRACE_MS,
  ROOM_MESSAGES,
  ServiceError,
  HERO_ID_PATTERN,
  type ChatMessageDto,
  type CloseRoomCommand,
  type CreateRoomCommand,
  type JoinRoomCommand,
  type LeaveRoomCommand,
  type ListActiveRoomsQuery,
  type NarratorJob,
  type RoomDetailDto,
  type RoomHeroRef,
  type RoomJoinedDto,
  type RoomListItem,
  type RoomQuery,
  type RemoveRoomHeroCommand,
  type RoomRole,
  type SendRoomMessageCommand,
  type UpdateRoomCommand,
} from '@starborn/contracts';
import { Clock } from '@starborn/runtime';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { inTransaction, sqlOf, type Sql } from '@starborn/database';
import { NarratorQueue } from '../narrator/narrator.queue.js';
import { RoomBroadcaster } from '../realtime/room-broadcaster.js';
import { LeaveNoticeQueue, LeaveNoticeSettler, type LeaveNoticeJob } from './leave-notices.js';
import {
  assertHostOf,
  canSeeDetail,
  joinAccess,
  newInviteToken,
  roomClosed,
  settingsChange,
} from './room-hosts.js';
import {
  presentDetail,
  presentListItem,
  presentMessage,
  presentRoomUpdate,
  sentByRoom,
} from './room.presenter.js';
import {
  activeRooms,
  claimAway,
  claimLeaveNotice,
  closeRoom,
  findParticipant,
  findRoom,
  insertMessage,
  insertRoom,
  isPersonInRoom,
  isPersonRemoved,
  latestMessages,
  markAway,
  NARRATOR_INTRO_TRIGGER,
  participantsOf,
  removePerson,
  setInviteToken,
  startNarratorTyping,
  stopNarratorTyping,
  touchRoom,
  unansweredTriggers,
  updateRoomSettings,
  upsertParticipant,
  type MessageRow,
  type RoomRow,
} from './room.queries.js';
import { defaultRoomTitle } from './room-title.js';
import { isUuid, roomNotFound, validHero, validMessage, validRoomId, validTitle } from './validation.js';

/** The lobby lists at most this many rooms (the most recently active). */
export const ACTIVE_ROOMS_LIMIT = 200;
/**
 * A narrator that has not answered after this long is not shown as writing to a hero who joins (its job
 * was lost); the next trigger starts afresh.
 */
export const NARRATOR_TYPING_STALE_MS = 2 * 60 * 1000;
/**
 * A hero whose last socket left is announced as gone only once it stayed away this long (a delayed
 * check); coming back in time writes nothing.
 */
export const LEAVE_GRACE_MS = ROOM_LEAVE_GRACE_MS;
/**
 * A hero that left is announced at most once in this window: a spectator hopping between rooms (or a
 * flaky connection) cannot fill the chat with "left the story" lines. Its join is announced once ever.
 */
export const LEAVE_NOTICE_GRACE_MS = 5 * 60 * 1000;

export const roleOf = (hero: Pick<RoomHeroRef, 'isPremium'>): RoomRole =>
  hero.isPremium ? 'participant' : 'spectator';

/**
 * Shared story rooms: creation by premium heroes, joining (participant or spectator), the chat and the
 * narrator's cadence. Every message is stored first, then pushed to the room's sockets.
 */
@Injectable()
export class RoomsService implements LeaveNoticeSettler {
  private readonly sql: Sql;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly broadcaster: RoomBroadcaster,
    private readonly narrator: NarratorQueue,
    private readonly leaveNotices: LeaveNoticeQueue,
  ) {
    this.sql = sqlOf(dataSource);
  }

  /** A new room with its creator as a participant, opened by the narrator's introduction. */
  async create(command: CreateRoomCommand): Promise<{ roomId: string }> {
    const creator = validHero(command?.creator);
    if (!creator.isPremium)
      throw new ServiceError(403, ErrorCodes.FORBIDDEN, ROOM_MESSAGES.premiumRequiredToCreate);
    const id = randomUUID();
    // Without a title of its own, the room is named after its creator, so the lobby's rows differ.
    const title = validTitle(command.title) ?? defaultRoomTitle(creator.name, creator.heroId, id);
    const now = this.clock.now();
    // The creator is a participant from the moment the room exists, so the room's first view already
    // lists its hero; joining later only refreshes that row.
    await inTransaction(this.dataSource, async (sql) => {
      await insertRoom(sql, { id, title, creator, inviteToken: newInviteToken(), now });
      await upsertParticipant(sql, { roomId: id, hero: creator, role: 'participant', now });
    });
    await this.askNarrator({ roomId: id, triggerId: NARRATOR_INTRO_TRIGGER, intro: true }, now);
    return { roomId: id };
  }

  /**
   * Rooms with a hero connected now (as the gateway counts them) or with activity within the idle
   * window, newest activity first.
   */
  async listActive(query?: ListActiveRoomsQuery): Promise<RoomListItem[]> {
    const since = new Date(this.clock.now().getTime() - ROOM_IDLE_AFTER_MS);
    const connected = Array.isArray(query?.connectedRoomIds) ? query.connectedRoomIds : [];
    const connectedRoomIds = connected.filter(isUuid).map((id) => id.toLowerCase());
    const rows = await activeRooms(this.sql, { since, connectedRoomIds }, ACTIVE_ROOMS_LIMIT);
    return rows.map(presentListItem);
  }

  /**
   * The room's title, heroes and host settings; the invite token only for the host's owner. An invite-only
   * room is shown only to its members and holders of its invite: anyone else (a removed person too) gets
   * the same 404 as for a room that does not exist.
   */
  async get(query: RoomQuery): Promise<RoomDetailDto> {
    const roomId = validRoomId(query?.roomId);
    const room = await findRoom(this.sql, roomId);
    if (!room) throw roomNotFound();
    if (room.invite_only) {
      const userId = typeof query.userId === 'string' && isUuid(query.userId) ? query.userId : undefined;
      const viewer = {
        userId,
        inRoom: userId !== undefined && (await isPersonInRoom(this.sql, roomId, userId)),
        removed: userId !== undefined && (await isPersonRemoved(this.sql, roomId, userId)),
        inviteToken: query.inviteToken,
      };
      if (!canSeeDetail(room, viewer)) throw roomNotFound();
    }
    return presentDetail(room, await participantsOf(this.sql, roomId), query.userId);
  }

  /**
   * Anyone signed in may join an open public room; an invite-only one takes the heroes already in it and
   * holders of its invite token; a removed person never again, with any of their heroes. A closed room shows the heroes that were in
   * it its history, read-only. The role follows the hero's premium state. Replies with the history.
   */
  async join(command: JoinRoomCommand): Promise<RoomJoinedDto> {
    const roomId = validRoomId(command?.roomId);
    const hero = validHero(command.hero);
    const role = roleOf(hero);
    const now = this.clock.now();
    const { joined, closed } = await inTransaction(this.dataSource, async (sql) => {
      const room = await findRoom(sql, roomId);
      if (!room) throw roomNotFound();
      const participant = await findParticipant(sql, roomId, hero.heroId);
      const personRemoved = await isPersonRemoved(sql, roomId, hero.userId);
      const access = joinAccess(room, participant, command.inviteToken, personRemoved);
      if (access === 'read') return { joined: undefined, closed: true };
      // The room closed (or the hero was removed) since it was read: the statements below decide.
      if ((await touchRoom(sql, roomId, now, false)) === null) throw roomClosed();
      // Announced once per hero and room: re-joining (reloads, reconnects) stores and sends no new line.
      const first = await upsertParticipant(sql, { roomId, hero, role, now });
      if (first === undefined)
        throw new ServiceError(403, ErrorCodes.FORBIDDEN, ROOM_MESSAGES.removedFromRoom);
      const line = first
        ? await this.systemMessage(sql, roomId, `${hero.name} joined the story`, now)
        : undefined;
      return { joined: line, closed: false };
    });
    if (joined) this.broadcaster.message(roomId, presentMessage(joined));
    const history = await latestMessages(this.sql, roomId, ROOM_HISTORY_LIMIT);
    const typingSince = (await findRoom(this.sql, roomId))?.narrator_typing_since;
    const narratorTyping =
      typingSince != null && now.getTime() - new Date(typingSince).getTime() < NARRATOR_TYPING_STALE_MS;
    return {
      roomId,
      isPremium: hero.isPremium,
      role,
      messages: history.map(presentMessage),
      narratorTyping: narratorTyping && !closed,
      closed,
    };
  }

  /** The host renames the room or makes it invite-only (or public again), or rotates its invite link. */
  async update(command: UpdateRoomCommand): Promise<RoomDetailDto> {
    const roomId = validRoomId(command?.roomId);
    const room = await this.hostedRoom(roomId, command.userId);
    const updated = await updateRoomSettings(this.sql, roomId, settingsChange(command, room));
    if (!updated) throw roomClosed();
    this.broadcaster.roomUpdated(presentRoomUpdate(updated));
    return this.detail(roomId, command.userId);
  }

  /**
   * The host removes a hero's person: every hero of theirs is out of the room at once, on every gateway
   * instance, and for good (another hero of the same user is refused too). The invite token is rotated,
   * so a link the removed person kept lets nobody in; the host's detail carries the new one.
   */
  async removeHero(command: RemoveRoomHeroCommand): Promise<RoomDetailDto> {
    const roomId = validRoomId(command?.roomId);
    const room = await this.hostedRoom(roomId, command.userId);
    const heroId = command.heroId;
    if (typeof heroId !== 'string' || !HERO_ID_PATTERN.test(heroId))
      throw new ServiceError(404, ErrorCodes.NOT_FOUND, ROOM_MESSAGES.heroNotInRoom);
    if (heroId === room.host_hero_id)
      throw new ServiceError(400, ErrorCodes.BAD_REQUEST, ROOM_MESSAGES.hostCannotBeRemoved);
    const now = this.clock.now();
    const removal = await inTransaction(this.dataSource, async (sql) => {
      // The room's row first: a join of another hero of the same person waits for this removal (or this
      // waits for it), so it cannot slip in between.
      if ((await touchRoom(sql, roomId, now, false)) === null) throw roomClosed();
      const participant = await findParticipant(sql, roomId, heroId);
      if (!participant || participant.removed_at)
        throw new ServiceError(404, ErrorCodes.NOT_FOUND, ROOM_MESSAGES.heroNotInRoom);
      if (participant.user_id === room.host_user_id)
        throw new ServiceError(400, ErrorCodes.BAD_REQUEST, ROOM_MESSAGES.hostCannotBeRemoved);
      const heroIds = await removePerson(sql, roomId, participant.user_id, now);
      await setInviteToken(sql, roomId, newInviteToken());
      const line = await this.systemMessage(
        sql,
        roomId,
        `${participant.name} was removed from the story`,
        now,
      );
      return { line, userId: participant.user_id, heroIds };
    });
    this.broadcaster.message(roomId, presentMessage(removal.line));
    this.broadcaster.personRemoved(roomId, removal.userId, removal.heroIds);
    return this.detail(roomId, command.userId);
  }

  /**
   * The host closes the room for good: it leaves the lobby, takes no joins or messages, and the narrator
   * stops (a line still being written is dropped when it arrives). Its heroes may still read it.
   */
  async close(command: CloseRoomCommand): Promise<RoomDetailDto> {
    const roomId = validRoomId(command?.roomId);
    await this.hostedRoom(roomId, command.userId);
    const now = this.clock.now();
    const closed = await inTransaction(this.dataSource, async (sql) => {
      // The closing line goes in first: a closed room takes no more messages.
      const line = await this.systemMessage(sql, roomId, 'The host closed this story', now);
      const room = await closeRoom(sql, roomId, now);
      if (!room) throw roomClosed();
      return { line, room };
    });
    this.broadcaster.message(roomId, presentMessage(closed.line));
    this.broadcaster.roomUpdated(presentRoomUpdate(closed.room));
    this.broadcaster.narratorIdle(roomId);
    await this.narrator.cancel(roomId, await unansweredTriggers(this.sql, roomId, ROOM_HISTORY_LIMIT));
    return this.detail(roomId, command.userId);
  }

  /**
   * The hero left (its last socket in the room closed). The room stays, and nothing is written yet: the
   * hero is marked away, and a check due after the grace period writes "left the story" only if it is
   * still away since this moment (a reload, a closed tab reopened in time, writes nothing).
   */
  async leave(command: LeaveRoomCommand): Promise<{ left: true }> {
    const roomId = validRoomId(command?.roomId);
    const hero = validHero(command.hero);
    const now = this.clock.now();
    const away = await markAway(this.sql, roomId, hero.heroId, now);
    if (!away) {
      if (!(await findRoom(this.sql, roomId))) throw roomNotFound();
      return { left: true }; // never joined, or removed (its removal was announced): nothing to say
    }
    await this.leaveNotices.schedule(
      { roomId, heroId: hero.heroId, leftAt: now.toISOString() },
      LEAVE_GRACE_MS,
    );
    return { left: true };
  }

  /**
   * A leave's grace period ended: "X left the story" when the hero is still away since then, at most
   * once per hero and room within LEAVE_NOTICE_GRACE_MS, and never in a closed room.
   */
  async settleLeave(job: LeaveNoticeJob): Promise<{ announced: boolean }> {
    const now = this.clock.now();
    const leftAt = new Date(job.leftAt);
    const line = await inTransaction(this.dataSource, async (sql) => {
      const away = await claimAway(sql, job.roomId, job.heroId, leftAt);
      if (!away) return undefined; // back in time, left again later (that check decides), or removed
      const room = await findRoom(sql, job.roomId);
      if (!room || room.closed_at) return undefined;
      if (!(await claimLeaveNotice(sql, job.roomId, job.heroId, now, LEAVE_NOTICE_GRACE_MS)))
        return undefined;
      return this.systemMessage(sql, job.roomId, `${away.name} left the story`, now);
    });
    if (line) this.broadcaster.message(job.roomId, presentMessage(line));
    return { announced: line !== undefined };
  }

  /**
   * A participant's chat message: stored, counted, pushed to the room. Every NARRATOR_EVERY_MESSAGES-th
   * hero message of the room has the narrator answer it.
   */
  async send(command: SendRoomMessageCommand): Promise<ChatMessageDto> {
    const roomId = validRoomId(command?.roomId);
    const hero = validHero(command.hero);
    const content = validMessage(command.message);
    // The hero's premium state as the gateway verified it now decides (an upgrade since joining counts).
    if (roleOf(hero) !== 'participant')
      throw new ServiceError(403, ErrorCodes.FORBIDDEN, ROOM_MESSAGES.spectatorCannotSend);
    const now = this.clock.now();
    const { row, count } = await inTransaction(this.dataSource, async (sql) => {
      const count = await touchRoom(sql, roomId, now, true);
      if (count === null) {
        if (await findRoom(sql, roomId))
          throw new ServiceError(403, ErrorCodes.FORBIDDEN, ROOM_MESSAGES.roomClosed);
        throw roomNotFound();
      }
      if (count % NARRATOR_EVERY_MESSAGES === 0) await startNarratorTyping(sql, roomId, now);
      // Keeps the participant row in step (a hero upgraded since it joined is a participant now); a
      // removed hero's message is refused, whichever gateway instance it came through.
      if ((await upsertParticipant(sql, { roomId, hero, role: 'participant', now })) === undefined)
        throw new ServiceError(403, ErrorCodes.FORBIDDEN, ROOM_MESSAGES.removedFromRoom);
      const row = await insertMessage(sql, {
        roomId,
        kind: 'hero',
        senderId: hero.heroId,
        senderName: hero.name,
        senderAvatar: hero.avatar,
        content,
        now,
      });
      return { row: row!, count };
    });
    const message = presentMessage(row);
    this.broadcaster.message(roomId, message);
    if (count % NARRATOR_EVERY_MESSAGES === 0) {
      // Before the narrator is asked: its line is held until the room has seen this for a moment.
      this.broadcaster.narratorTyping(roomId);
      await this.askNarrator({ roomId, triggerId: row.id, intro: false }, now);
    }
    return message;
  }

  private async detail(roomId: string, userId?: string): Promise<RoomDetailDto> {
    const room = await findRoom(this.sql, roomId);
    if (!room) throw roomNotFound();
    return presentDetail(room, await participantsOf(this.sql, roomId), userId);
  }

  /** The room, when the asking user owns its host hero and it is open. */
  private async hostedRoom(roomId: string, userId: unknown): Promise<RoomRow> {
    const room = await findRoom(this.sql, roomId);
    if (!room) throw roomNotFound();
    assertHostOf(room, userId);
    return room;
  }

  /** Asks for the narrator's line; if it cannot even be asked, the room stops showing it writing. */
  private async askNarrator(job: NarratorJob, startedAt: Date): Promise<void> {
    if (await this.narrator.ask(job)) return;
    if ((await stopNarratorTyping(this.sql, job.roomId, startedAt)) === null)
      this.broadcaster.narratorIdle(job.roomId);
  }

  private async systemMessage(sql: Sql, roomId: string, content: string, now: Date): Promise<MessageRow> {
    const row = await insertMessage(sql, { roomId, ...sentByRoom('system'), content, now });
    return row!;
  }
}
