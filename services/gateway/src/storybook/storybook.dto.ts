import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { CHAPTER_PACK_COUNT_INVALID, CHAPTER_PACK_SIZE } from '@starborn/contracts';
import { Equals, IsDefined, IsInt } from 'class-validator';

/** POST /api/storybook/{storyBookId}: chapters are unlocked one pack at a time. */
export class UnlockChaptersBody {
  @ApiProperty({
    example: CHAPTER_PACK_SIZE,
    enum: [CHAPTER_PACK_SIZE],
    description: `Always ${CHAPTER_PACK_SIZE} (one paid chapter pack)`,
  })
  @IsDefined({ message: CHAPTER_PACK_COUNT_INVALID })
  @IsInt({ message: CHAPTER_PACK_COUNT_INVALID })
  @Equals(CHAPTER_PACK_SIZE, { message: CHAPTER_PACK_COUNT_INVALID })
  count!: number;
}

export class StoryBookResponse {
  @ApiProperty() id!: string;
  @ApiProperty() heroId!: string;
  @ApiProperty() hero_id!: string;
  @ApiProperty({ description: 'A premium story has 10 chapters, released daily' }) isPremium!: boolean;
  @ApiProperty() is_premium!: boolean;
  @ApiProperty({ example: 10 }) chaptersTotalCount!: number;
  @ApiProperty({ example: 10 }) chapters_total_count!: number;
  @ApiProperty({ example: 4 }) chaptersUnlockedCount!: number;
  @ApiProperty({ example: 4 }) chapters_unlocked_count!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'When chapter 1 was written',
  })
  initialChapterGeneratedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  initial_chapter_generated_at!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description:
      'When the next daily chapter is released (premium stories with locked chapters): ' +
      'initial_chapter_generated_at + unlocked count × 1 day; null otherwise',
  })
  nextUnlockAt!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) next_unlock_at!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class ChapterIllustrationResponse {
  @ApiProperty({
    example:
      '/media/storybooks/5b0c7f4e-6f1d-4a8e-9a51-3c7d2f1e8b90/chapters/1/full.png?exp=1767225600&sig=…',
    description:
      'Signed, short-lived link to the PNG: full quality for a premium story, the watermarked preview otherwise. ' +
      'The same link with .webp in place of .png gives the WebP.',
  })
  url!: string;
  @ApiProperty({ description: 'What the picture shows, for screen readers' }) alt!: string;
  @ApiProperty({ example: 1200 }) width!: number;
  @ApiProperty({ example: 800 }) height!: number;
}

@ApiExtraModels(ChapterIllustrationResponse)
export class ChapterResponse {
  @ApiProperty({ example: 1 }) chapterNumber!: number;
  @ApiProperty({ example: 1 }) chapter_number!: number;
  @ApiProperty() unlocked!: boolean;
  @ApiProperty({
    enum: ['pending', 'generating', 'ready', 'error'],
    description: 'pending: not asked for yet; generating: being written; ready; error: writing failed',
  })
  status!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Only for unlocked chapters' }) title!:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Markdown; null while locked, while being written, or when writing failed',
  })
  content!: string | null;
  // An object or null: OpenAPI 3.0 has no null type, so null is spelled as a nullable schema whose only value is null.
  @ApiProperty({
    anyOf: [
      { $ref: getSchemaPath(ChapterIllustrationResponse) },
      { type: 'object', nullable: true, enum: [null] },
    ],
    description: "The chapter's picture; null while locked, and until it is drawn",
  })
  illustration!: ChapterIllustrationResponse | null;
}

/** 202: the storybook of a just-completed hero is still being set up. */
export class StoryBookPendingResponse {
  @ApiProperty({ type: Object, nullable: true, description: 'Always null here' }) storyBook!: null;
  @ApiProperty({ type: 'array', items: {}, maxItems: 0 }) chapters!: [];
  @ApiProperty() message!: string;
}

export class StoryBookViewResponse {
  @ApiProperty({ type: StoryBookResponse }) storyBook!: StoryBookResponse;
  @ApiProperty({ type: [ChapterResponse], description: 'Chapters 1 … chapters_total_count, in order' })
  chapters!: ChapterResponse[];
}
