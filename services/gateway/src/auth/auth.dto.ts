import { ApiProperty } from '@nestjs/swagger';
import {
  ACCOUNT_MESSAGES,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@starborn/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, MaxLength, MinLength } from 'class-validator';
import { RequiredText, UserText } from '../http/required-text.js';

export const FILL_ALL_FIELDS = 'Please fill in all fields';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterBody {
  @ApiProperty({ example: 'Nova Star', maxLength: NAME_MAX_LENGTH })
  @Transform(trim)
  @RequiredText(FILL_ALL_FIELDS)
  @MaxLength(NAME_MAX_LENGTH, { message: `Name must be at most ${NAME_MAX_LENGTH} characters long` })
  @UserText()
  name!: string;

  @ApiProperty({ example: 'nova@example.com', maxLength: EMAIL_MAX_LENGTH })
  @Transform(trim)
  @RequiredText(FILL_ALL_FIELDS)
  @MaxLength(EMAIL_MAX_LENGTH, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;

  @ApiProperty({
    example: 'correct horse battery',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
  })
  @RequiredText(FILL_ALL_FIELDS)
  @MinLength(PASSWORD_MIN_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooShort })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooLong })
  password!: string;
}

export class LoginBody {
  @ApiProperty({ example: 'nova@example.com' })
  @Transform(trim)
  @RequiredText(FILL_ALL_FIELDS)
  @MaxLength(EMAIL_MAX_LENGTH, { message: 'Invalid email or password. Please try again.' })
  email!: string;

  @ApiProperty({ example: 'correct horse battery' })
  @RequiredText(FILL_ALL_FIELDS)
  @MaxLength(PASSWORD_MAX_LENGTH, { message: 'Invalid email or password. Please try again.' })
  password!: string;
}

export class UserResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class SessionResponse {
  @ApiProperty({ description: 'EdDSA-signed JWT, valid for 7 days' }) token!: string;
  @ApiProperty({ type: UserResponse }) user!: UserResponse;
}

export class LogoutResponse {
  @ApiProperty({ example: true }) signedOut!: true;
}

export class ErrorResponse {
  @ApiProperty({ example: 409 }) status!: number;
  @ApiProperty({ example: 'EMAIL_EXISTS' }) code!: string;
  @ApiProperty({ example: 'Email already exists' }) message!: string;
  @ApiProperty({ example: 'Email already exists', description: 'Same as message' }) error!: string;
}
