import {
  RESERVED_SENDER_ID,
  type ChatMessageDto,
  type RoomDetailDto,
  type RoomListItem,
  type RoomParticipantDto,
  type RoomUpdatedEvent,
} from '@starborn/contracts';
import type { ActiveRoomRow, MessageRow, ParticipantRow, RoomRow } from './room.queries.js';

/** How the narrator and the room itself sign their messages: the reserved id, a name, no avatar. */
const ROOM_SENDER_NAMES = { narrator: 'Cosmic Narrator', system: 'Starborn' } as const;

/** The kind and sender of a message the room writes itself: the narrator's lines, joins and leaves. */
export function sentByRoom(kind: keyof typeof ROOM_SENDER_NAMES) {
  return { kind, senderId: RESERVED_SENDER_ID, senderName: ROOM_SENDER_NAMES[kind], senderAvatar: null };
}

export function presentMessage(row: MessageRow): ChatMessageDto {
  return {
    id: row.id,
    content: row.content,
    timestamp: new Date(row.created_at).toISOString(),
    kind: row.kind,
    // Rows stored before the single reserved id may still say 'narrator': the kind decides.
    sender: {
      id: row.kind === 'hero' ? row.sender_id : RESERVED_SENDER_ID,
      name: row.sender_name,
      avatar: row.sender_avatar,
    },
  };
}

export function presentListItem(row: ActiveRoomRow): RoomListItem {
  return {
    id: row.id,
    title: row.title,
    created: new Date(row.created_at).toISOString(),
    updated: new Date(row.updated_at).toISOString(),
    lastMessageAt: row.last_message_at ? new Date(row.last_message_at).toISOString() : null,
    host: { id: row.host_hero_id, name: row.host_name ?? row.creator_name, avatar: row.host_avatar },
  };
}

export function presentParticipant(row: ParticipantRow): RoomParticipantDto {
  return { id: row.hero_id, name: row.name, avatar: row.avatar, isPremium: row.is_premium };
}

/** A room's detail; the invite token only for the host's owner (`userId`). */
export function presentDetail(room: RoomRow, participants: ParticipantRow[], userId?: string): RoomDetailDto {
  const isHostOwner = typeof userId === 'string' && userId.toLowerCase() === room.host_user_id;
  return {
    id: room.id,
    title: room.title,
    participants: participants.map(presentParticipant),
    hostHeroId: room.host_hero_id,
    inviteOnly: room.invite_only,
    closed: room.closed_at !== null,
    ...(isHostOwner ? { inviteToken: room.invite_token } : {}),
  };
}

export function presentRoomUpdate(room: RoomRow): RoomUpdatedEvent {
  return {
    roomId: room.id,
    title: room.title,
    inviteOnly: room.invite_only,
    closed: room.closed_at !== null,
  };
}
