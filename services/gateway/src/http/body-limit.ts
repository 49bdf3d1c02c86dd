import type { FastifyInstance, FastifyReply } from 'fastify';
import { Transform, type Readable } from 'node:stream';

/** The largest request body the API takes (every body it takes is a small JSON object). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * How much of an oversized body the gateway reads and throws away before it answers 413. An HTTP client
 * sends its whole body before it reads the answer; answering and closing while it is still sending gives
 * it a broken pipe instead of the 413, so the gateway keeps reading up to this bound. Beyond it, the
 * answer goes out at once and the connection is closed (see docs/decisions.md).
 */
export const BODY_DRAIN_LIMIT = 64 * 1024 * 1024;

/** Fastify's own error for a body over the limit, which the error filter words for people. */
class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  readonly code = 'FST_ERR_CTP_BODY_TOO_LARGE';

  constructor() {
    super('Request body is too large');
  }
}

/**
 * Refuses bodies over BODY_LIMIT with a 413 the client can read: a declared Content-Length over the limit
 * is drained before the answer; a chunked body is passed through up to the limit and the rest drained.
 */
export function installBodyLimit(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', async (request, reply, payload) => {
    const declared = Number(request.headers['content-length']);
    if (declared > BODY_LIMIT) {
      reply.header('connection', 'close');
      if (declared <= BODY_DRAIN_LIMIT) await drain(payload);
      throw new BodyTooLargeError();
    }
    // Node's parser holds a declared length to its word; only a chunked body can grow without notice.
    if (request.headers['transfer-encoding'] === undefined) return payload;
    const limited = capped(reply);
    payload.on('error', (error) => limited.destroy(error));
    return payload.pipe(limited);
  });
}

/** Reads a body to its end (or until the client gives up), keeping nothing. */
function drain(payload: Readable): Promise<void> {
  return new Promise((resolve) => {
    payload
      .on('end', resolve)
      .on('error', () => resolve())
      .on('close', resolve)
      .resume();
  });
}

/** Passes a body through while it is within the limit; then swallows the rest and fails at its end. */
function capped(reply: FastifyReply): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received <= BODY_LIMIT) return callback(null, chunk);
      reply.header('connection', 'close');
      callback(received > BODY_DRAIN_LIMIT ? new BodyTooLargeError() : null);
    },
    flush(callback) {
      callback(received > BODY_LIMIT ? new BodyTooLargeError() : null);
    },
  });
}
