import { applyDecorators } from '@nestjs/common';
import { userTextProblem } from '@starborn/contracts';
import { IsNotEmpty, IsString, ValidateBy, type ValidationArguments } from 'class-validator';

/** A required text field: `message` when it is missing, not text or empty. */
export const RequiredText = (message: string) =>
  applyDecorators(IsNotEmpty({ message }), IsString({ message }));

/**
 * Text a user writes for others to read: no control characters (line breaks only when `multiline`)
 * and no bidi embeddings, overrides or isolates, each refused with its message from the contracts.
 * Anything but a string is left to the field's other rules.
 */
export const UserText = (options: { multiline?: boolean } = {}) =>
  ValidateBy({
    name: 'userText',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || userTextProblem(value, options) === null,
      defaultMessage: (args?: ValidationArguments) =>
        userTextProblem(String(args?.value ?? ''), options) ?? '',
    },
  });
