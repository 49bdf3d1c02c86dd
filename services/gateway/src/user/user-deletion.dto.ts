import { ApiProperty } from '@nestjs/swagger';
import { PASSWORD_MAX_LENGTH } from '@starborn/contracts';
import { MaxLength } from 'class-validator';
import { RequiredText } from '../http/required-text.js';

export const ENTER_PASSWORD = 'Please enter your current password';

export class DeleteAccountBody {
  @ApiProperty({ example: 'correct horse battery', description: 'The current password, to confirm' })
  @RequiredText(ENTER_PASSWORD)
  @MaxLength(PASSWORD_MAX_LENGTH, {
    message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  })
  password!: string;
}

export class AccountDeletedResponse {
  @ApiProperty({ example: true }) deleted!: true;
}
