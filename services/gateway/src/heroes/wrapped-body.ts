import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ErrorCodes, type ErrorCode } from '@starborn/contracts';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { bodyProblem } from '../http/body-guard.js';
import { ApiException } from '../http/http-error.filter.js';

export const WRAPPED_BODY_INVALID_JSON = 'The request body is not valid JSON.';
export const WRAPPED_BODY_NOT_OBJECT = 'The wrapped request body must be a JSON object.';

/**
 * Older clients send `{ headers, body: "<JSON text>" }`: the real body as text inside a wrapper. Only a
 * body whose keys are exactly `body` (text) and, optionally, `headers` is such a wrapper; anything else
 * is a direct body and passes unchanged. The wrapper's `headers` are ignored: the request's own headers
 * (its token above all) are the only ones that count.
 */
export function isWrappedBody(body: unknown): body is { body: string; headers?: unknown } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return (
    typeof (body as { body?: unknown }).body === 'string' &&
    keys.every((key) => key === 'body' || key === 'headers')
  );
}

/**
 * The body inside a wrapper, held to what the edge holds any body to (JSON, depth, text, reserved
 * keys); a direct body is answered as it is. Refusals are the API's usual 400s.
 */
export function unwrapBody(body: unknown): unknown {
  if (!isWrappedBody(body)) return body;
  let inner: unknown;
  try {
    inner = JSON.parse(body.body);
  } catch {
    throw invalid(ErrorCodes.INVALID_JSON, WRAPPED_BODY_INVALID_JSON);
  }
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
    throw invalid(ErrorCodes.VALIDATION_FAILED, WRAPPED_BODY_NOT_OBJECT);
  }
  const problem = bodyProblem(inner);
  if (problem) throw invalid(ErrorCodes.VALIDATION_FAILED, problem);
  return inner;
}

const invalid = (code: ErrorCode, message: string) => new ApiException({ status: 400, code, message });

/**
 * Unwraps before the validation pipe runs (interceptors run before pipes), so a wrapped body is
 * validated, whitelisted and handled exactly like the same body sent directly.
 */
@Injectable()
export class WrappedBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.body = unwrapBody(request.body);
    return next.handle();
  }
}
