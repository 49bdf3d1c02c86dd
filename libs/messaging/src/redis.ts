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
 * Lets the commands given to a connection in one go leave in one write: the socket is corked at the
 * first command and uncorked once the code running now and the promise callbacks it set off have run
 * (process.nextTick), before any other I/O is handled. A reply published by a handler and the job
 * completion BullMQ sends right after it, or the next commands of the several requests whose replies
 * arrived in one read, then share one system call (and one read on Redis's side) instead of one apiece;
 * nothing waits for later I/O. ioredis's enableAutoPipelining batches more widely but builds a pipeline
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
      process.nextTick(uncork);
    }
    return sendCommand(...args);
  };
  return redis;
}
