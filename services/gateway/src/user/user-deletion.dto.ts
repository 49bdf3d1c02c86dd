import { ApiProperty } from '@nestjs/swagger';
import { ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH } from '@starborn/contracts';
import { MaxLength } from 'class-validator';
import { RequiredText } from '../http/required-text.js';

export class DeleteAccountBody {
  @ApiProperty({ example: 'correct horse battery', description: 'The current password, to confirm' })
  @RequiredText(ACCOUNT_MESSAGES.currentPasswordRequired)
  @MaxLength(PASSWORD_MAX_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooLong })
  password!: string;
}

export class AccountDeletedResponse {
  @ApiProperty({ example: true }) deleted!: true;
}
