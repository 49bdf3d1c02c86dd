import { Redis } from 'ioredis';
import type { RedisConnectionOptions } from './options.js';

/**
 * A connection as BullMQ wants it: commands wait through reconnects instead of failing
 * (maxRetriesPerRequest: null), so a Redis restart delays messages rather than losing them.
 */
export function createRedisConnection(options: RedisConnectionOptions, name: string): Redis {
  return new Redis(options.url, {
    maxRetriesPerRequest: null,
    connectionName: `${options.prefix}:${name}`,
    ...options.redisOptions,
  });
}

/**
 * Lets the commands given to a connection in one turn of the event loop leave in one write: the socket
 * is corked at the first command and uncorked by setImmediate, which runs right after the I/O that Node
 * has just read has been handled, before the loop waits for more. Under load that one turn handles many
 * sockets' reads: the session checks of several HTTP requests, the replies and completions of several
 * jobs, the next commands of requests whose answers arrived together. Each read is its own callback, so
 * uncorking on process.nextTick sent a write per callback; with setImmediate they share one system call
 * (and one read and one wake-up on Redis's side). The hero read path made about half as many reads and
 * writes per request this way (see docs/decisions.md). Nothing waits for later I/O: a pending immediate
 * keeps the loop from blocking. ioredis's enableAutoPipelining batches as widely but builds a pipeline
 * per batch, which costs more than it saves here.
 */
export function coalesceWrites(redis: Redis): Redis {
  const sendCommand = redis.sendCommand.bind(redis);
  let corked: Redis['stream'] | undefined;
  const uncork = () => {
    const socket = corked;
    corked = undefined;
    socket?.uncork();
  };
  redis.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    // Not while connecting: commands then wait in ioredis's offline queue, not on the socket.
    if (!corked && redis.status === 'ready') {
      corked = redis.stream;
      corked.cork();
      setImmediate(uncork);
    }
    return sendCommand(...args);
  };
  return redis;
}
