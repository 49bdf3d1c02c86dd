import {
  RESERVED_SENDER_ID,
  type ChatMessageDto,
  type RoomListItem,
  type RoomParticipantDto,
} from '@starborn/contracts';
import type { MessageRow, ParticipantRow, RoomRow } from './room.queries.js';

/** How the narrator and the room itself sign their messages. */
export const NARRATOR_SENDER = { id: RESERVED_SENDER_ID, name: 'Cosmic Narrator', avatar: null } as const;
export const SYSTEM_SENDER = { id: RESERVED_SENDER_ID, name: 'Starborn', avatar: null } as const;

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

export function presentListItem(row: RoomRow): RoomListItem {
  return {
    id: row.id,
    title: row.title,
    created: new Date(row.created_at).toISOString(),
    updated: new Date(row.updated_at).toISOString(),
  };
}

export function presentParticipant(row: ParticipantRow): RoomParticipantDto {
  return { id: row.hero_id, name: row.name, avatar: row.avatar, isPremium: row.is_premium };
}
