import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString } from 'class-validator';

/** A required text field: `message` when it is missing, not text or empty. */
export const RequiredText = (message: string) =>
  applyDecorators(IsNotEmpty({ message }), IsString({ message }));
