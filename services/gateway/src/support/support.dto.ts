import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SUPPORT_CATEGORIES, type SupportCategory } from '@starborn/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { RequiredText, UserText } from '../http/required-text.js';

const REQUIRED = 'Please fill in all required fields';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SupportRequestBody {
  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @RequiredText(REQUIRED)
  @MaxLength(100, { message: 'The name can be at most 100 characters long' })
  @UserText()
  name!: string;

  @ApiProperty({ maxLength: 254 })
  @Transform(trim)
  @RequiredText(REQUIRED)
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'The subject must be text' })
  @MaxLength(200, { message: 'The subject can be at most 200 characters long' })
  @UserText()
  subject?: string;

  @ApiProperty({ maxLength: 5000 })
  @Transform(trim)
  @RequiredText(REQUIRED)
  @MaxLength(5000, { message: 'The message can be at most 5000 characters long' })
  @UserText({ multiline: true })
  message!: string;

  @ApiPropertyOptional({ enum: SUPPORT_CATEGORIES, default: 'general-inquiry' })
  @IsOptional()
  @IsIn(SUPPORT_CATEGORIES, { message: `The category must be one of: ${SUPPORT_CATEGORIES.join(', ')}` })
  category?: SupportCategory;
}

export class SupportRequestResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: SUPPORT_CATEGORIES }) category!: string;
  @ApiProperty({ nullable: true, type: String }) userId!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
