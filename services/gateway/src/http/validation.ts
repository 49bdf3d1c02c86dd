import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
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

const camelOf = (key: string) =>
  key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
const snakeOf = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

type BodyClass = abstract new (...args: never[]) => unknown;
const declaredByClass = new WeakMap<BodyClass, ReadonlySet<string>>();

/** The properties a body class declares (those the whitelist keeps), read once per class. */
function declaredProperties(target: BodyClass): ReadonlySet<string> {
  let declared = declaredByClass.get(target);
  if (!declared) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
    declared = new Set(metadata.map((entry) => entry.propertyName));
    declaredByClass.set(target, declared);
  }
  return declared;
}

/**
 * The API's clients send the same field as camelCase or snake_case (heroId / hero_id): a key the body
 * class does not declare is renamed to its declared other spelling. Both spellings with different
 * values are refused rather than guessed between. Keys nobody declares are left for the whitelist
 * to drop.
 */
export function withDeclaredSpellings(
  body: Record<string, unknown>,
  declared: ReadonlySet<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (declared.has(key)) {
      out[key] = value;
      continue;
    }
    const other = [camelOf(key), snakeOf(key)].find((name) => name !== key && declared.has(name));
    if (other === undefined) {
      out[key] = value;
      continue;
    }
    if (Object.hasOwn(body, other) && body[other] !== value) {
      throw new ApiException({
        status: 400,
        code: ErrorCodes.VALIDATION_FAILED,
        message: `${other} and ${key} name the same field; send one of them.`,
      });
    }
    out[other] = value;
  }
  // A plain object again, so the validators see an ordinary body.
  return { ...out };
}

class ContractValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const target = metadata.metatype as BodyClass | undefined;
    if (
      metadata.type === 'body' &&
      target &&
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value)
    ) {
      value = withDeclaredSpellings(value as Record<string, unknown>, declaredProperties(target));
    }
    return super.transform(value, metadata);
  }
}

/**
 * Unknown body fields are dropped (whitelist), never refused: clients of the contract may send more
 * than a route reads. Keys that shadow Object.prototype members are refused before this, at the edge.
 */
export const validationPipe = new ContractValidationPipe({
  transform: true,
  whitelist: true,
  forbidNonWhitelisted: false,
  forbidUnknownValues: true,
  exceptionFactory: (errors) =>
    new ApiException({
      status: 400,
      code: ErrorCodes.VALIDATION_FAILED,
      message: firstValidationMessage(errors),
    }),
});
