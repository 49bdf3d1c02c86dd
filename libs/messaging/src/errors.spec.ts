import { ServiceError } from '@starborn/contracts';
import { Redis, ReplyError, type RedisOptions } from 'ioredis';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable, isRedisUnavailable, toErrorShape } from './errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('toErrorShape', () => {
  it('keeps a service error as it is', () => {
    expect(toErrorShape(new ServiceError(404, 'NOT_FOUND', 'Hero not found.'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Hero not found.',
    });
  });

  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'an administrator shutdown (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a database still starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a pooled client whose connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a pooled client already closed', new Error('Client was closed and is not queryable')],
    [
      'a query failure wrapping a lost connection',
      new QueryFailedError(
        'SELECT 1',
        [],
        withCode('terminating connection due to administrator command', '57P01'),
      ),
    ],
  ])('answers 503 for %s', (_, error) => {
    expect(toErrorShape(error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], withCode('duplicate key value', '23505'))],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('answers 500 for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toErrorShape(error)).toMatchObject({ status: 500, code: 'INTERNAL' });
  });
});

describe('a Redis connection that is down or lost', () => {
  // Clients that never open a socket (lazyConnect): the errors are ioredis' own, with no server needed.
  const idleClient = (options: RedisOptions = {}) =>
    new Redis({ host: '127.0.0.1', port: 6379, lazyConnect: true, ...options });

  it('answers 503 for a command out of reconnection attempts', () => {
    const error = new MaxRetriesPerRequestError(1);
    expect(isRedisUnavailable(error)).toBe(true);
    expect(toErrorShape(error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers 503 for a command given to a client that does not queue while down', async () => {
    const client = idleClient({ enableOfflineQueue: false });
    const error = await client.get('key').catch((failure: unknown) => failure);
    client.disconnect();
    expect(isRedisUnavailable(error)).toBe(true);
    expect(toErrorShape(error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers 503 for a command given to a closed connection', async () => {
    const client = idleClient();
    client.disconnect();
    const error = await client.get('key').catch((failure: unknown) => failure);
    expect(isRedisUnavailable(error)).toBe(true);
    expect(toErrorShape(error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers 500 for a reply error, which is a bug and not an outage', () => {
    const error = new ReplyError("ERR unknown command 'NOSUCHCOMMAND'");
    expect(isRedisUnavailable(error)).toBe(false);
    expect(toErrorShape(error)).toMatchObject({ status: 500, code: 'INTERNAL' });
  });
});
