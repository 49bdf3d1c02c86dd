import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_ROOM_TITLE, ROOM_MESSAGES, ROOM_ROW_HEROES_LIMIT } from '@starborn/contracts';
import { IsBoolean, IsDefined, IsOptional, IsString, MaxLength } from 'class-validator';
import { RequiredText } from '../http/required-text.js';

export class CreateRoomBody {
  @ApiProperty({ description: "The creator's own premium hero (32 hex characters)" })
  @IsDefined({ message: ROOM_MESSAGES.selectHeroFirst })
  @RequiredText(ROOM_MESSAGES.selectHeroFirst)
  heroId!: string;
}

export class CreateRoomResponse {
  @ApiProperty() roomId!: string;
}

class RoomPresentHero {
  @ApiProperty({ description: 'Hero id' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String, description: "The hero's first image (signed URL)" })
  avatar!: string | null;
  @ApiProperty({ enum: ['participant', 'spectator'] }) role!: 'participant' | 'spectator';
}

class RoomHostHero {
  @ApiProperty({ description: 'Hero id' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String, description: "The hero's first image (signed URL)" })
  avatar!: string | null;
}

export class RoomSummaryResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ example: DEFAULT_ROOM_TITLE }) title!: string;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ format: 'date-time', description: 'Last activity' }) updated!: string;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: "The room's last hero message (null: none yet)",
  })
  lastMessageAt!: string | null;
  @ApiProperty({ type: () => RoomHostHero, description: 'The hero hosting the room' })
  host!: RoomHostHero;
  @ApiProperty({ description: 'Premium heroes connected to the room now (any gateway instance)' })
  participantCount!: number;
  @ApiProperty({ description: 'Non-premium heroes connected to the room now (any gateway instance)' })
  spectatorCount!: number;
  @ApiProperty({
    type: () => [RoomPresentHero],
    description: `The heroes connected now, participants first (at most ${ROOM_ROW_HEROES_LIMIT}; the counts are complete)`,
  })
  heroes!: RoomPresentHero[];
}

class RoomParticipant {
  @ApiProperty({ description: 'Hero id' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String, description: "The hero's first image (signed URL)" })
  avatar!: string | null;
  @ApiProperty() isPremium!: boolean;
}

export class RoomDetailResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ example: DEFAULT_ROOM_TITLE }) title!: string;
  @ApiProperty({ type: [RoomParticipant] }) participants!: RoomParticipant[];
  @ApiProperty({ description: 'The hero that created the room and hosts it' }) hostHeroId!: string;
  @ApiProperty({ description: 'Out of the lobby; only invite-link holders and its heroes join' })
  inviteOnly!: boolean;
  @ApiProperty({ description: 'Closed by its host: read-only for the heroes that were in it' })
  closed!: boolean;
  @ApiPropertyOptional({
    description:
      "The invite link's token (`/shared-story/{roomId}?invite={token}`), for the host's owner only",
  })
  inviteToken?: string;
}

/** What the host changes; at least one field. */
export class UpdateRoomBody {
  @ApiPropertyOptional({ description: 'A new title (spaces folded, at most 120 characters kept)' })
  @IsOptional()
  @IsString({ message: 'The title must be text.' })
  @MaxLength(1000, { message: 'The title must be at most 1000 characters.' })
  title?: string;

  @ApiPropertyOptional({
    description: 'Invite-only: out of the lobby; turning it on gives the room a new invite link',
  })
  @IsOptional()
  @IsBoolean({ message: 'inviteOnly must be true or false.' })
  inviteOnly?: boolean;

  @ApiPropertyOptional({ description: 'true: a new invite link; links shared before stop working' })
  @IsOptional()
  @IsBoolean({ message: 'rotateInvite must be true or false.' })
  rotateInvite?: boolean;
}

export class RemoveRoomHeroBody {
  @ApiProperty({ description: 'The hero to remove (32 hex characters)' })
  @IsDefined({ message: 'Please name the hero to remove.' })
  @RequiredText('Please name the hero to remove.')
  heroId!: string;
}
