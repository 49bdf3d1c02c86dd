import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ART_RECREATIONS_MAX,
  HERO_ID_PATTERN,
  HERO_NAME_MAX_LENGTH,
  IMAGE_ANGLES,
} from '@starborn/contracts';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { RequiredText, UserText } from '../http/required-text.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateHeroBody {
  @ApiProperty({ example: 'Astra Vale', maxLength: HERO_NAME_MAX_LENGTH })
  @Transform(trim)
  @RequiredText('Please enter a name for your hero')
  @MaxLength(HERO_NAME_MAX_LENGTH, {
    message: `The hero name can be at most ${HERO_NAME_MAX_LENGTH} characters long.`,
  })
  @UserText()
  heroName!: string;

  @ApiProperty({
    example: '1992-03-21',
    description:
      "A calendar date 'YYYY-MM-DD', or an ISO 8601 date-time: with an offset its local date counts; " +
      "a 'Z' instant (Date.toISOString()) is read as the local midnight of the picked date (11:00 UTC or later is the next day)",
  })
  @Transform(trim)
  @RequiredText('Please select your birth date')
  birthdate!: string;

  @ApiProperty({
    example: '0f8fad5bd9cb469fa165370c3b4d5a6e',
    description: '32 hex characters made by the client',
  })
  @IsString({ message: 'The hero id must be 32 lowercase hexadecimal characters.' })
  @Matches(HERO_ID_PATTERN, { message: 'The hero id must be 32 lowercase hexadecimal characters.' })
  heroId!: string;

  @ApiPropertyOptional({
    description: 'Ignored when it matches the signed-in user; refused (403) when it differs',
  })
  @IsOptional()
  @IsString({ message: 'userId must be text' })
  userId?: string;
}

class ZodiacWestern {
  @ApiProperty() sign!: string;
  @ApiProperty() dateRange!: string;
  @ApiProperty() element!: string;
  @ApiProperty({ type: [String] }) traits!: string[];
  @ApiProperty({ type: [String] }) strengths!: string[];
  @ApiProperty({ type: [String] }) weaknesses!: string[];
}

class ZodiacChinese {
  @ApiProperty() sign!: string;
  @ApiProperty({ example: 'Yang Water' }) element!: string;
  @ApiProperty({ type: [Number] }) years!: number[];
  @ApiProperty({ type: [String] }) traits!: string[];
  @ApiProperty({ type: [String] }) compatibility!: string[];
}

class HeroImage {
  @ApiProperty({ description: 'Signed /media URL (.png; the same URL with .webp serves WebP)' }) url!: string;
  @ApiProperty({ enum: IMAGE_ANGLES }) angle!: string;
  @ApiProperty() prompt!: string;
  @ApiProperty({ description: 'A blurred, watermarked preview in place of a locked image' }) locked!: boolean;
}

class ZodiacInfo {
  @ApiProperty({ type: ZodiacWestern }) western!: ZodiacWestern;
  @ApiProperty({ type: ZodiacChinese }) chinese!: ZodiacChinese;
}

export class HeroResponse {
  @ApiProperty() id!: string;
  @ApiProperty() heroId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() heroName!: string;
  @ApiProperty() birthdate!: string;
  @ApiProperty({ type: ZodiacWestern }) westernZodiac!: ZodiacWestern;
  @ApiProperty({ type: ZodiacChinese }) chineseZodiac!: ZodiacChinese;
  @ApiProperty({ type: ZodiacInfo, description: 'The same signs, as clients also read them' })
  zodiacInfo!: ZodiacInfo;
  @ApiProperty({ type: [HeroImage] }) images!: HeroImage[];
  @ApiProperty({ description: 'Markdown; cut to 300 characters plus an ellipsis for unpaid viewers' })
  backstory!: string;
  @ApiProperty() backstoryTruncated!: boolean;
  @ApiProperty({ enum: ['pending', 'generating', 'complete', 'error'] }) status!: string;
  @ApiProperty({ enum: ['unpaid', 'paid'] }) paymentStatus!: string;
  @ApiProperty({ nullable: true, type: String }) nftId!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional({
    example: 0,
    description: 'The art version shown (0 the first art, 1–3 a recreation); `images` are its images',
  })
  artVersion?: number;
  @ApiPropertyOptional({
    example: ART_RECREATIONS_MAX,
    description: 'Recreations of the art still possible (0 for a hero that is not premium)',
  })
  artRecreationsLeft?: number;
}

const ART_VERSION_INVALID = `The art version must be a whole number from 0 to ${ART_RECREATIONS_MAX}.`;

/** PUT /api/heroes/{heroId}/art/current: the version to show. */
export class ChooseArtBody {
  @ApiProperty({ example: 1, minimum: 0, maximum: ART_RECREATIONS_MAX })
  @IsDefined({ message: ART_VERSION_INVALID })
  @IsInt({ message: ART_VERSION_INVALID })
  @Min(0, { message: ART_VERSION_INVALID })
  @Max(ART_RECREATIONS_MAX, { message: ART_VERSION_INVALID })
  version!: number;
}

export class ArtVersionResponse {
  @ApiProperty({ example: 1, description: '0 the first art, 1–3 a recreation' }) version!: number;
  @ApiProperty({
    enum: ['generating', 'ready', 'failed'],
    description: "A failed recreation uses none up: the next 'recreate' tries it again",
  })
  status!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [HeroImage], description: 'Its three images (empty until ready)' })
  images!: HeroImage[];
  @ApiProperty({ description: 'True for the version the hero page, share card and book show' })
  current!: boolean;
}

export class ArtVersionEnvelope {
  @ApiProperty({ type: ArtVersionResponse }) version!: ArtVersionResponse;
}

export class ArtVersionsResponse {
  @ApiProperty({ type: [ArtVersionResponse], description: 'Every version, oldest first' })
  versions!: ArtVersionResponse[];
  @ApiProperty({ example: 2 }) recreationsLeft!: number;
}

/** The answer of create and generate: the hero under `hero`, as the API contract names it. */
export class HeroEnvelope {
  @ApiProperty({ type: HeroResponse }) hero!: HeroResponse;
}

export class HeroListResponse {
  @ApiProperty({ type: [HeroResponse] }) heroes!: HeroResponse[];
}
