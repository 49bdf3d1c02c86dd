import { HttpException, Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import {
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
 * Turns whatever a handler threw into the wire shape. Known errors keep their status and message;
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
  logger.error(error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error));
  return INTERNAL_ERROR;
}
