import {
  Catch,
  HttpException,
  Logger,
  NotFoundException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import {
  DEPENDENCY_UNAVAILABLE_ERROR,
  ErrorCodes,
  INTERNAL_ERROR,
  type ErrorCode,
  type ErrorShape,
} from '@starborn/contracts';
import { isDependencyUnavailable, RemoteError } from '@starborn/messaging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorBody } from './api-error.js';
import { SpaFallback } from './spa-fallback.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCodes.BAD_REQUEST,
  401: ErrorCodes.UNAUTHORIZED,
  402: ErrorCodes.PAYMENT_REQUIRED,
  403: ErrorCodes.FORBIDDEN,
  404: ErrorCodes.NOT_FOUND,
  409: ErrorCodes.CONFLICT,
  413: ErrorCodes.PAYLOAD_TOO_LARGE,
  414: ErrorCodes.URI_TOO_LONG,
  415: ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCodes.RATE_LIMITED,
  503: ErrorCodes.SERVICE_UNAVAILABLE,
};

/** An HttpException that carries an error code, e.g. a 429 with its Retry-After. */
export class ApiException extends HttpException {
  constructor(
    readonly shape: ErrorShape,
    readonly headers: Record<string, string> = {},
  ) {
    super(shape.message, shape.status);
  }
}

/**
 * Every error leaves the gateway as `{ status, code, message, error }`: service errors keep their
 * status and message, framework errors get a readable message, Redis or the database out of reach is
 * a 503, and anything unexpected is logged with its stack and answered as a plain 500. Unknown non-API
 * paths fall back to the web app.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  constructor(private readonly spa: SpaFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();

    if (exception instanceof NotFoundException && this.spa.accepts(request)) {
      this.spa.send(request, reply);
      return;
    }
    const shape = this.toShape(exception);
    if (exception instanceof ApiException) reply.headers(exception.headers);
    reply.status(shape.status).type('application/json').send(apiErrorBody(shape));
  }

  private toShape(exception: unknown): ErrorShape {
    if (exception instanceof ApiException) return exception.shape;
    if (exception instanceof RemoteError) return exception.toShape();
    if (exception instanceof NotFoundException) {
      return {
        status: 404,
        code: ErrorCodes.NOT_FOUND,
        // The address is the caller's own text: it is not repeated back.
        message: 'No such endpoint.',
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = clientMessage(
        status,
        Array.isArray(raw) ? String(raw[0]) : String(raw ?? exception.message),
      );
      return { status, code: codeFor(status, message), message };
    }
    // Fastify's own client errors (malformed JSON, unsupported media type, body too large…).
    const statusCode = (exception as { statusCode?: unknown })?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      const message = clientMessage(statusCode, (exception as Error).message);
      return { status: statusCode, code: codeFor(statusCode, message), message };
    }
    // Redis (sessions, limits) or the database lost in the middle of a request: the request may be
    // tried again, so the caller gets a 503 and not a 500.
    if (isDependencyUnavailable(exception)) {
      this.logger.warn(`Dependency unavailable: ${(exception as Error).message}`);
      return DEPENDENCY_UNAVAILABLE_ERROR;
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    return INTERNAL_ERROR;
  }
}

const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';

function codeFor(status: number, message: string): ErrorCode {
  if (message === INVALID_JSON_MESSAGE) return ErrorCodes.INVALID_JSON;
  return CODE_BY_STATUS[status] ?? ErrorCodes.BAD_REQUEST;
}

/** Fastify's parser errors, reworded for people. */
function clientMessage(status: number, message: string): string {
  if (status === 413) return 'The request body is too large.';
  if (status === 415) return 'Please send JSON (Content-Type: application/json).';
  if (status === 400 && /not valid JSON|Unexpected .* JSON|JSON at position/i.test(message)) {
    return INVALID_JSON_MESSAGE;
  }
  return message;
}
