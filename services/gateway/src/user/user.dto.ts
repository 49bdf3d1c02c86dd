import { ApiProperty } from '@nestjs/swagger';
import {
  ACCOUNT_MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@starborn/contracts';
import { Transform } from 'class-transformer';
import { MaxLength, MinLength } from 'class-validator';
import { FILL_ALL_FIELDS } from '../auth/auth.dto.js';
import { RequiredText, UserText } from '../http/required-text.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdateProfileBody {
  @ApiProperty({ example: 'Nova Star', maxLength: NAME_MAX_LENGTH, description: 'The new display name' })
  @Transform(trim)
  @RequiredText(ACCOUNT_MESSAGES.nameRequired)
  @MaxLength(NAME_MAX_LENGTH, { message: ACCOUNT_MESSAGES.nameTooLong })
  @UserText()
  name!: string;
}

export class ChangePasswordBody {
  @ApiProperty({ example: 'correct horse battery', description: 'The password in use now' })
  @RequiredText(FILL_ALL_FIELDS)
  // Longer than any password could be: it cannot be the current one.
  @MaxLength(PASSWORD_MAX_LENGTH, { message: ACCOUNT_MESSAGES.wrongCurrentPassword })
  currentPassword!: string;

  @ApiProperty({
    example: 'a brand new phrase',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
  })
  @RequiredText(FILL_ALL_FIELDS)
  @MinLength(PASSWORD_MIN_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooShort })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooLong })
  newPassword!: string;
}
