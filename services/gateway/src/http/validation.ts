import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ErrorCodes } from '@starborn/contracts';
import { FILL_ALL_FIELDS } from '../auth/auth.dto.js';
import { ApiException } from './http-error.filter.js';

const MISSING = new Set(['isDefined', 'isString', 'isNotEmpty']);

/**
 * One clear message per bad request: a missing field first (the product says "Please fill in all
 * fields"), otherwise the first rule broken.
 */
export function firstValidationMessage(errors: ValidationError[]): string {
  const flat = errors.flatMap(function flatten(error): ValidationError[] {
    return [error, ...(error.children ?? []).flatMap(flatten)];
  });
  for (const error of flat) {
    const missing = Object.entries(error.constraints ?? {}).find(([rule]) => MISSING.has(rule));
    if (missing) return missing[1];
  }
  for (const error of flat) {
    const message = Object.values(error.constraints ?? {})[0];
    if (message) return message;
  }
  return FILL_ALL_FIELDS;
}

export const validationPipe = new ValidationPipe({
  transform: true,
  whitelist: true,
  forbidUnknownValues: true,
  exceptionFactory: (errors) =>
    new ApiException({
      status: 400,
      code: ErrorCodes.VALIDATION_FAILED,
      message: firstValidationMessage(errors),
    }),
});
