import type { ArgumentsHost } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReplyError } from 'ioredis';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import { HttpErrorFilter } from './http-error.filter.js';
import type { SpaFallback } from './spa-fallback.js';

/** The status and body the filter answers for `exception`. */
function answerFor(exception: unknown): { status: number; body: unknown } {
  const answer = { status: 0, body: undefined as unknown };
  const reply = {
    status(code: number) {
      answer.status = code;
      return reply;
    },
    type: () => reply,
    headers: () => reply,
    send(body: unknown) {
      answer.body = body;
      return reply;
    },
  };
  const host = {
    switchToHttp: () => ({
      getRequest: () => ({ url: '/api/create-payment-intent' }) as FastifyRequest,
      getResponse: () => reply as unknown as FastifyReply,
    }),
  } as ArgumentsHost;
  const spa = { accepts: () => false } as unknown as SpaFallback;
  new HttpErrorFilter(spa).catch(exception, host);
  return answer;
}

describe('HttpErrorFilter', () => {
  // The session check turns its own Redis failure into a 503; Redis lost a moment later (a rate limit,
  // a session write) must not reach the caller as a 500.
  it.each([
    ['a command out of reconnection attempts', new MaxRetriesPerRequestError(1)],
    ['a command in flight when the connection closed', new Error('Connection is closed.')],
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }),
    ],
  ])('answers 503 with a message to try again for %s', (_, error) => {
    expect(answerFor(error)).toEqual({
      status: 503,
      body: expect.objectContaining({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      }),
    });
  });

  it.each([
    ['a Redis reply error', new ReplyError('ERR wrong number of arguments')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('answers 500 for %s', (_, error) => {
    expect(answerFor(error)).toEqual({
      status: 500,
      body: expect.objectContaining({ code: 'INTERNAL' }),
    });
  });
});
