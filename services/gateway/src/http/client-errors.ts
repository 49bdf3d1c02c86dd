import { ErrorCodes, type ErrorCode } from '@starborn/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { apiErrorBody } from './api-error.js';

/**
 * How long the gateway keeps reading, and throwing away, a request its HTTP parser refused before it
 * closes the connection. A client sends its whole request before it reads the answer; closing while it
 * is still sending gives it a broken pipe instead of the answer (see docs/decisions.md).
 */
export const CLIENT_ERROR_DRAIN_MS = 10_000;

/** What the parser refused, as the status and sentence the client reads. */
function answerFor(error: NodeJS.ErrnoException): {
  status: number;
  reason: string;
  code: ErrorCode;
  message: string;
} {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      code: ErrorCodes.HEADERS_TOO_LARGE,
      message: 'The request address or headers are too large.',
    };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      reason: 'Request Timeout',
      code: ErrorCodes.REQUEST_TIMEOUT,
      message: 'The request took too long to arrive.',
    };
  }
  return {
    status: 400,
    reason: 'Bad Request',
    code: ErrorCodes.MALFORMED_REQUEST,
    message: 'The request is not valid HTTP.',
  };
}

/** Connections already answered: the parser reports the same error again for every later chunk. */
const answered = new WeakSet<Socket>();

/**
 * Answers a request that Node's HTTP parser refuses (headers over the limit, a malformed request, a
 * request that arrives too slowly) with the API's usual error body. Unlike Fastify's own handler, which
 * writes the answer and destroys the socket at once, it ends its side of the connection and keeps
 * reading what the client still sends until the client closes or CLIENT_ERROR_DRAIN_MS pass.
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Socket,
  headers: Record<string, string> = {},
): void {
  if (answered.has(socket) || socket.destroyed || error.code === 'ECONNRESET') return;
  answered.add(socket);
  const { status, reason, code, message } = answerFor(error);
  const body = JSON.stringify(apiErrorBody({ status, code, message }));
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.resume();
  setTimeout(() => socket.destroy(), CLIENT_ERROR_DRAIN_MS).unref();
}

/**
 * Answers what Fastify's router refuses before any hook runs: an address whose %-encoding is malformed
 * (400) or a path parameter over the router's length limit (414). The answer is the API's usual error
 * body with its own code and the security headers; it never repeats the address, which the caller
 * controls.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
): void {
  const shape =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { status: 414, code: ErrorCodes.URI_TOO_LONG, message: 'The request address is too long.' }
      : error.code === 'FST_ERR_BAD_URL'
        ? {
            status: 400,
            code: ErrorCodes.MALFORMED_URL,
            message: 'The request address is not valid: it holds a malformed %-encoding.',
          }
        : { status: 400, code: ErrorCodes.MALFORMED_URL, message: 'The request address is not valid.' };
  void reply
    .headers({ ...headers, 'x-request-id': request.id })
    .status(shape.status)
    .type('application/json; charset=utf-8')
    .send(apiErrorBody(shape));
}
