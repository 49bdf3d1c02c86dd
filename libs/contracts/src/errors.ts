/**
 * The one error shape that crosses the wire between services and reaches the gateway,
 * which turns it into an HTTP answer with the same status and message.
 */
export interface ErrorShape {
  status: number;
  code: ErrorCode;
  message: string;
  /** A short error title where the product shows one apart from the message ('You already have a non-premium hero'). */
  error?: string;
  /** A machine-readable kind the web app reacts to ('quota_exceeded'). */
  errorType?: string;
}

export const ErrorCodes = {
  BAD_REQUEST: 'BAD_REQUEST',
  /** Refusals of the HTTP layer itself, each with its own code (services/gateway/src/http). */
  MALFORMED_REQUEST: 'MALFORMED_REQUEST',
  MALFORMED_URL: 'MALFORMED_URL',
  URI_TOO_LONG: 'URI_TOO_LONG',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INVALID_JSON: 'INVALID_JSON',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  EMAIL_EXISTS: 'EMAIL_EXISTS',
  CONFLICT: 'CONFLICT',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  NON_PREMIUM_LIMIT: 'NON_PREMIUM_LIMIT',
  /** A name, title or message the content filter refuses (libs/moderation). */
  CONTENT_NOT_ALLOWED: 'CONTENT_NOT_ALLOWED',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_TIMEOUT: 'SERVICE_TIMEOUT',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  NO_HANDLER: 'NO_HANDLER',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Thrown by service logic; travels to the caller as its ErrorShape. */
export class ServiceError extends Error implements ErrorShape {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extras: Pick<ErrorShape, 'error' | 'errorType'> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  toShape(): ErrorShape {
    return { status: this.status, code: this.code, message: this.message, ...this.extras };
  }
}

export function isErrorShape(value: unknown): value is ErrorShape {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}

export const INTERNAL_ERROR: ErrorShape = {
  status: 500,
  code: ErrorCodes.INTERNAL,
  message: 'Something went wrong on our side. Please try again later.',
};

/** A dependency (the database) is out of reach for a moment: the caller may retry. */
export const DEPENDENCY_UNAVAILABLE_ERROR: ErrorShape = {
  status: 503,
  code: ErrorCodes.SERVICE_UNAVAILABLE,
  message: 'The service is temporarily unavailable. Please try again in a moment.',
};

/** The shape without anything but its known fields (what crosses the wire). */
export function pickErrorShape(value: ErrorShape): ErrorShape {
  const shape: ErrorShape = { status: value.status, code: value.code, message: value.message };
  if (typeof value.error === 'string') shape.error = value.error;
  if (typeof value.errorType === 'string') shape.errorType = value.errorType;
  return shape;
}
