import { ErrorCodes, isAcceptableText } from '@starborn/contracts';
import type { FastifyInstance } from 'fastify';
import { apiErrorBody } from './api-error.js';

/** Deeper than any body the API takes; deep enough nesting would overflow the validators' recursion. */
export const MAX_BODY_DEPTH = 32;

export const BODY_TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';
export const BODY_RESERVED_KEY_MESSAGE = 'The request body uses a reserved name as a key.';
export const BODY_BAD_TEXT_MESSAGE =
  'The request contains characters that are not allowed (NUL characters or broken Unicode).';

/** Keys that would shadow what every object inherits (`hasOwnProperty`, `toString`, `__proto__`, …). */
const RESERVED_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Why a parsed JSON body cannot be accepted, or null. Walked without recursion, so no input can make
 * this check itself overflow: nesting beyond MAX_BODY_DEPTH, and strings (values or keys) holding NUL
 * (PostgreSQL cannot store it in text) or lone surrogates (not Unicode; encoders throw on them), and
 * keys shadowing Object.prototype members, which validators call on every object they inspect.
 */
export function bodyProblem(body: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isAcceptableText(value)) return BODY_BAD_TEXT_MESSAGE;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) return BODY_TOO_DEEP_MESSAGE;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (!isAcceptableText(key)) return BODY_BAD_TEXT_MESSAGE;
      if (RESERVED_KEYS.has(key)) return BODY_RESERVED_KEY_MESSAGE;
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/** Refuses such bodies with 400 before any validation or handler sees them. */
export function installBodyGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    if (request.body === undefined || request.body === null || Buffer.isBuffer(request.body)) return;
    const problem = bodyProblem(request.body);
    if (!problem) return;
    await reply
      .status(400)
      .type('application/json')
      .send(apiErrorBody({ status: 400, code: ErrorCodes.VALIDATION_FAILED, message: problem }));
  });
}
