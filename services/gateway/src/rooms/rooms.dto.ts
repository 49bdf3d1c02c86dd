import { ApiProperty } from '@nestjs/swagger';
import { DEFAULT_ROOM_TITLE, ROOM_MESSAGES, ROOM_ROW_HEROES_LIMIT } from '@starborn/contracts';
import { IsDefined } from 'class-validator';
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

export class RoomSummaryResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ example: DEFAULT_ROOM_TITLE }) title!: string;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ format: 'date-time', description: 'Last activity' }) updated!: string;
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
}
