import { HttpException, Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import {
  DEPENDENCY_UNAVAILABLE_ERROR,
  ErrorCodes,
  INTERNAL_ERROR,
  ServiceError,
  isErrorShape,
  pickErrorShape,
  type ErrorShape,
} from '@starborn/contracts';

const logger = new Logger('Messaging');

/** The caller's view of an error reply or a transport failure. */
export class RemoteError extends Error implements ErrorShape {
  readonly status: number;
  readonly code: ErrorShape['code'];
  private readonly shape: ErrorShape;
  constructor(shape: ErrorShape) {
    super(shape.message);
    this.name = 'RemoteError';
    this.status = shape.status;
    this.code = shape.code;
    this.shape = pickErrorShape(shape);
  }
  toShape(): ErrorShape {
    return { ...this.shape };
  }
}

/**
 * Turns whatever a handler threw into the wire shape. Known errors keep their status and message; a
 * database or Redis out of reach is a 503 (the request may be retried, nothing is wrong with it);
 * anything else is logged here with its stack and reaches the caller as a plain 500.
 */
export function toErrorShape(error: unknown): ErrorShape {
  if (error instanceof ServiceError || error instanceof RemoteError) return error.toShape();
  if (isErrorShape(error)) return pickErrorShape(error);
  if (error instanceof RpcException) return toErrorShape(error.getError());
  if (error instanceof HttpException) {
    const body = error.getResponse();
    const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    const message = Array.isArray(raw) ? raw.join('; ') : String(raw ?? error.message);
    const status = error.getStatus();
    return { status, code: status === 400 ? ErrorCodes.VALIDATION_FAILED : ErrorCodes.BAD_REQUEST, message };
  }
  if (isDependencyUnavailable(error)) {
    logger.warn(`Dependency unavailable: ${(error as Error).message}`);
    return DEPENDENCY_UNAVAILABLE_ERROR;
  }
  logger.error(error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error));
  return INTERNAL_ERROR;
}

/** Network errors of a connection that could not be made or was lost. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * True for errors saying PostgreSQL cannot be reached or is going away: connection failures, SQLSTATE
 * class 08 (connection exception) and 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now),
 * and node-postgres' own errors for a lost connection ("Connection terminated", and "… is not queryable"
 * for a pooled client whose connection broke while the pool had not yet dropped it) — whether thrown
 * bare or wrapped by TypeORM.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const candidate = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (
      /Connection terminated|timeout exceeded when trying to connect|the database system is (shutting down|starting up)|Client (has encountered a connection error|was closed) and is not queryable/i.test(
        message,
      )
    )
      return true;
    current = candidate.driverError ?? candidate.cause;
  }
  return false;
}

/**
 * True for ioredis' errors of a connection that is down or was lost: a command that ran out of
 * reconnection attempts (MaxRetriesPerRequestError), one in flight when the connection closed, one
 * given to a connection that does not queue while it is down, and the socket's own network errors.
 * A Redis reply error (a wrong command, a script error) is not one of them: that is a bug, not an outage.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
  return /^(Connection is closed\.|Stream isn't writeable)/.test(error.message);
}

/** True when PostgreSQL or Redis is out of reach: the request may be tried again (a 503, not a 500). */
export function isDependencyUnavailable(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isRedisUnavailable(error);
}
