import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  NARRATOR_MIN_TYPING_MS,
  NARRATOR_WITHHELD_LINE,
  type ChatMessageDto,
  type NarratorContext,
  type NarratorFailedEvent,
  type NarratorRepliedEvent,
} from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import { isRefusedLanguage } from '@starborn/moderation';
import { Clock } from '@starborn/runtime';
import { DataSource } from 'typeorm';
import { inTransaction, sqlOf, type Sql } from '@starborn/database';
import { RoomBroadcaster } from '../realtime/room-broadcaster.js';
import { presentMessage, sentByRoom } from '../rooms/room.presenter.js';
import {
  findRoom,
  insertMessage,
  latestMessages,
  participantsOf,
  saveSigns,
  setNarratorSilent,
  stopNarratorTyping,
  touchRoom,
  triggerStartedAt,
  type ParticipantRow,
} from '../rooms/room.queries.js';
import { NarratorPacing } from './narrator-pacing.js';
import { narratorLines } from './narrator.queries.js';
import { isUuid, roomNotFound, validRoomId } from '../rooms/validation.js';

/** How much of the conversation the narrator reads: enough for the scene the heroes built. */
export const NARRATOR_RECENT_MESSAGES = 40;
/** How many of its own earlier lines the narrator is told, never to say a sentence of them again. */
export const NARRATOR_REMEMBERED_LINES = 300;
/** How many of the room's heroes the narrator is told about (participants before spectators). */
export const NARRATOR_MAX_HEROES = 8;
/** A narrator line longer than this is cut (a model that ran on). */
export const NARRATOR_MAX_LENGTH = 2_000;
/** How long the context waits for heroes to tell a hero's signs before telling the narrator without them. */
const PROFILE_TIMEOUT_MS = 3_000;

export const NARRATOR_SILENT_MESSAGE =
  'The Cosmic Narrator is silent for now. Carry the tale on together; the stars are still listening.';

type NarratorHero = NarratorContext['heroes'][number];

/**
 * The narrator's side of a room: what the generation worker is told (the heroes with their signs and the
 * recent conversation), and what comes back (a reply, stored and shown once; or a failure, announced once
 * per silent spell).
 */
@Injectable()
export class NarratorService {
  private readonly logger = new Logger(NarratorService.name);
  private readonly sql: Sql;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly bus: MessageBus,
    private readonly broadcaster: RoomBroadcaster,
    private readonly pacing: NarratorPacing,
  ) {
    this.sql = sqlOf(dataSource);
  }

  async context(query: { roomId: string; intro: boolean }): Promise<NarratorContext> {
    const roomId = validRoomId(query?.roomId);
    const room = await findRoom(this.sql, roomId);
    // A closed room's narrator is silent: its job gives up without asking the AI.
    if (!room || room.closed_at) throw roomNotFound();
    const participants = (await participantsOf(this.sql, roomId))
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, NARRATOR_MAX_HEROES);
    // A room nobody joined yet (the introduction) is told about its creator.
    const heroes =
      participants.length > 0
        ? await Promise.all(participants.map((p) => this.heroOf(roomId, p)))
        : [await this.lookUp(room.creator_hero_id, room.creator_name)];
    const [recent, earlierNarration] = await Promise.all([
      latestMessages(this.sql, roomId, NARRATOR_RECENT_MESSAGES),
      narratorLines(this.sql, roomId, NARRATOR_REMEMBERED_LINES),
    ]);
    return {
      roomId,
      title: room.title,
      intro: query.intro === true,
      heroes,
      recent: recent.map((m) => ({ kind: m.kind, senderName: m.sender_name, content: m.content })),
      earlierNarration,
    };
  }

  /**
   * narrator.replied: the line is stored and pushed once, however often the event arrives, and never
   * sooner than NARRATOR_MIN_TYPING_MS after the room was told the narrator is writing it. A line the
   * content filter refuses is replaced by NARRATOR_WITHHELD_LINE.
   */
  async replied(event: NarratorRepliedEvent): Promise<void> {
    const written =
      typeof event?.content === 'string' ? event.content.trim().slice(0, NARRATOR_MAX_LENGTH) : '';
    if (!isUuid(event?.roomId) || !validTrigger(event.triggerId) || !written) {
      this.logger.warn(`Ignored a malformed narrator.replied (room ${String(event?.roomId)})`);
      return;
    }
    const roomId = event.roomId.toLowerCase();
    // The model may echo or invent language the filter refuses: the room never shows it.
    const withheld = isRefusedLanguage(written);
    if (withheld)
      this.logger.warn(`Withheld a refused narrator line for ${event.triggerId} in room ${roomId}`);
    const content = withheld ? NARRATOR_WITHHELD_LINE : written;
    const startedAt = await this.waitOutTyping(roomId, event.triggerId);
    const now = this.clock.now();
    const outcome = await inTransaction(this.dataSource, async (sql) => {
      if ((await touchRoom(sql, roomId, now, false)) === null) return undefined;
      const row = await insertMessage(sql, {
        roomId,
        ...sentByRoom('narrator'),
        content,
        triggerId: event.triggerId,
        now,
      });
      if (!row) return undefined; // answered already
      await setNarratorSilent(sql, roomId, false);
      return { row, writingStill: (await stopNarratorTyping(sql, roomId, startedAt ?? now)) !== null };
    });
    if (outcome) this.announce(roomId, presentMessage(outcome.row), outcome.writingStill);
  }

  /** narrator.failed: the room is told the narrator is silent, once until the narrator speaks again. */
  async failed(event: NarratorFailedEvent): Promise<void> {
    if (!isUuid(event?.roomId) || !validTrigger(event.triggerId)) {
      this.logger.warn(`Ignored a malformed narrator.failed (room ${String(event?.roomId)})`);
      return;
    }
    const roomId = event.roomId.toLowerCase();
    this.logger.warn(`The narrator could not answer ${event.triggerId} in room ${roomId}: ${event.reason}`);
    const startedAt = await triggerStartedAt(this.sql, roomId, event.triggerId);
    const now = this.clock.now();
    const outcome = await inTransaction(this.dataSource, async (sql) => {
      if ((await touchRoom(sql, roomId, now, false)) === null) return undefined;
      const writingStill = (await stopNarratorTyping(sql, roomId, startedAt ?? now)) !== null;
      if (!(await setNarratorSilent(sql, roomId, true))) return { row: undefined, writingStill };
      const row = await insertMessage(sql, {
        roomId,
        ...sentByRoom('system'),
        content: NARRATOR_SILENT_MESSAGE,
        triggerId: `${event.triggerId}.failed`,
        now,
      });
      return { row, writingStill };
    });
    if (outcome) this.announce(roomId, outcome.row && presentMessage(outcome.row), outcome.writingStill);
  }

  /** When the room was told this line is being written, after holding until it has shown long enough. */
  private async waitOutTyping(roomId: string, triggerId: string): Promise<Date | undefined> {
    const startedAt = await triggerStartedAt(this.sql, roomId, triggerId);
    if (startedAt) await this.pacing.holdUntil(new Date(startedAt.getTime() + NARRATOR_MIN_TYPING_MS));
    return startedAt;
  }

  /**
   * What the room sees of a narrator outcome: the line, if any (the narrator's own clears the indicator),
   * then the indicator again while a later line is still being written, or else, after a failure, that
   * the narrator stopped.
   */
  private announce(roomId: string, message: ChatMessageDto | undefined, writingStill: boolean): void {
    if (message) this.broadcaster.message(roomId, message);
    if (writingStill) this.broadcaster.narratorTyping(roomId);
    else if (message?.kind !== 'narrator') this.broadcaster.narratorIdle(roomId);
  }

  private async heroOf(roomId: string, p: ParticipantRow): Promise<NarratorHero> {
    if (p.western_sign !== null && p.chinese_sign !== null) {
      return {
        name: p.name,
        westernSign: p.western_sign,
        westernElement: p.western_element ?? '',
        chineseSign: p.chinese_sign,
        chineseElement: p.chinese_element ?? '',
      };
    }
    const hero = await this.lookUp(p.hero_id, p.name);
    if (hero.westernSign) await saveSigns(this.sql, roomId, p.hero_id, hero).catch(() => undefined);
    return hero;
  }

  /** The hero's signs from heroes; without them (heroes slow, hero gone) the narrator still gets the name. */
  private async lookUp(heroId: string, name: string): Promise<NarratorHero> {
    try {
      const profile = await this.bus.request(
        'heroes.generation-profile',
        { heroId },
        { timeoutMs: PROFILE_TIMEOUT_MS },
      );
      return {
        name,
        westernSign: profile.western?.sign ?? '',
        westernElement: profile.western?.element ?? '',
        chineseSign: profile.chinese?.sign ?? '',
        chineseElement: profile.chinese?.element ?? '',
      };
    } catch (error) {
      this.logger.warn(`No signs for hero ${heroId}: ${(error as Error).message}`);
      return { name, westernSign: '', westernElement: '', chineseSign: '', chineseElement: '' };
    }
  }
}

const rank = (p: ParticipantRow) => (p.role === 'participant' ? 0 : 1);

const validTrigger = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 100;
